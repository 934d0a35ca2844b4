// Writes the security, state and crash sections of docs/quality.md from a Vitest JSON report, so the
// document lists exactly the tests that ran and how they ended.
//   node scripts/quality/suites.mjs <vitest-json-report> [suite ...]
import { existsSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { ROOT, table, updateSection } from './doc.mjs';

export const SUITES = {
  security: {
    dir: 'apps/api/test/security/',
    about:
      'OWASP ASVS 5.0 level 2 checks against the real API, on SQLite and PostgreSQL. The ASVS ids lead each test name.',
  },
  state: {
    dir: 'apps/api/test/state/',
    about: 'Model-based booking test and repeated races against the real service, on SQLite and PostgreSQL.',
  },
  crash: {
    dir: 'apps/api/test/crash/',
    about:
      'The server in a child process, killed with SIGKILL at random moments and restarted; graceful SIGTERM; the outbox across a SIGKILL and across three processes on one database, against a real SMTP listener.',
    figures: crashFigures,
  },
};

/** The figures the crash tests record in test-output/crash.json during the same run. */
function crashFigures(runStartedAt) {
  const file = join(ROOT, 'test-output', 'crash.json');
  if (!existsSync(file)) return '';
  const figures = JSON.parse(readFileSync(file, 'utf8'));
  const fresh = (entry) => entry && Date.parse(entry.recordedAt) >= runStartedAt;
  const lines = [];
  const kill = figures.sigkill;
  if (fresh(kill)) {
    lines.push(
      table(
        ['SIGKILL run', 'figure'],
        [
          ['kills (each at a random moment while writes were in flight)', kill.iterations],
          ['writers', `${kill.customers} customers, ${kill.businesses} businesses`],
          [
            'acknowledged writes, all present after restart',
            `${kill.acknowledgedWrites} (${kill.acknowledgedBookings} bookings, ${kill.acknowledgedStatusChanges} status changes)`,
          ],
          ['requests in flight at the kills', kill.inFlightAtKill],
          [
            'of those, committed before the kill (allowed, never half-written)',
            kill.committedButUnacknowledged,
          ],
          ['integrity_check after every kill', `ok × ${kill.checks}`],
          ['mean restart', `${kill.meanRestartMs} ms (${kill.serverMode})`],
          ['seed (CRASH_SEED reruns it)', kill.seed],
        ],
      ),
    );
  }
  const term = figures.sigterm;
  if (fresh(term)) {
    lines.push(
      '',
      `SIGTERM with ${term.requestsInFlight} requests in flight: ${term.answered201} answered 201, new connections refused after ${term.refusedAfterMs} ms, exit code ${term.exitCode} ${term.exitAfterLastAnswerMs} ms after the last answer.`,
    );
  }
  const outbox = figures.outbox;
  if (fresh(outbox)) {
    for (const dialect of ['sqlite', 'postgres']) {
      const kill = outbox[`sigkill-${dialect}`];
      if (!kill) continue;
      lines.push(
        '',
        `Outbox, SIGKILL between commit and delivery (${dialect}): ${kill.messages} messages committed while SMTP refused connections, each delivered exactly once ${kill.deliveredAfterKillMs} ms after the kill.`,
      );
    }
    const three = outbox.threeProcesses;
    if (three) {
      lines.push(
        '',
        table(
          ['Outbox, three processes on one PostgreSQL database', 'figure'],
          [
            ['bookings requested and approved at once, round-robin', three.bookings],
            [
              'emails (request, approval with booking.ics, 2 reminders each)',
              `${three.emails}, each received once`,
            ],
            ['REMINDER_OFFSETS', three.reminderOffsets],
            ['all requests and approvals', `${three.requestsAndApprovalsMs} ms`],
            ['latest reminder after its moment', `${three.latestReminderAfterItsMomentMs} ms`],
            ['SMTP connections used', three.smtpConnections],
          ],
        ),
      );
    }
  }
  return lines.join('\n');
}

function summarise(report, suite) {
  const files = report.testResults
    .map((file) => ({ ...file, rel: relative(ROOT, file.name) }))
    .filter((file) => file.rel.startsWith(SUITES[suite].dir))
    .sort((a, b) => a.rel.localeCompare(b.rel));
  if (files.length === 0) return undefined;
  const rows = [];
  let passed = 0;
  let failed = 0;
  let skipped = 0;
  for (const file of files) {
    // One row per test title; the same title runs once per database.
    const byTitle = new Map();
    for (const test of file.assertionResults) {
      const dialect = test.ancestorTitles.find((t) => /^(sqlite|postgres)$/i.test(t.trim()));
      const title = [...test.ancestorTitles.filter((t) => t !== dialect), test.title].join(' › ');
      const entry = byTitle.get(title) ?? { dialects: [], statuses: new Set(), ms: 0 };
      if (dialect) entry.dialects.push(dialect);
      entry.statuses.add(test.status);
      entry.ms += test.duration ?? 0;
      byTitle.set(title, entry);
      if (test.status === 'passed') passed++;
      else if (test.status === 'failed') failed++;
      else skipped++;
    }
    for (const [title, entry] of byTitle) {
      const status = entry.statuses.has('failed')
        ? 'FAILED'
        : entry.statuses.has('passed')
          ? 'passed'
          : 'skipped';
      rows.push([
        file.rel.slice(SUITES[suite].dir.length),
        title,
        entry.dialects.join(', ') || '—',
        status,
        `${Math.round(entry.ms)} ms`,
      ]);
    }
  }
  const runStartedAt = report.startTime ?? 0;
  const figures = SUITES[suite].figures?.(runStartedAt) ?? '';
  const body = [
    SUITES[suite].about,
    '',
    `**${passed} passed, ${failed} failed, ${skipped} skipped** in ${files.length} files.`,
    '',
    table(['file', 'test', 'databases', 'result', 'time'], rows),
    ...(figures ? ['', figures] : []),
  ].join('\n');
  return body;
}

export function writeSuiteSections(reportPath, suites = Object.keys(SUITES)) {
  const report = JSON.parse(readFileSync(reportPath, 'utf8'));
  for (const suite of suites) {
    const body = summarise(report, suite);
    if (body) updateSection(suite, body);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [reportPath, ...suites] = process.argv.slice(2);
  if (!reportPath) {
    console.error('usage: node scripts/quality/suites.mjs <vitest-json-report> [suite ...]');
    process.exit(2);
  }
  writeSuiteSections(reportPath, suites.length > 0 ? suites : undefined);
}
