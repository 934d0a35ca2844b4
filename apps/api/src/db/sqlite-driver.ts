import type SqliteDatabase from 'better-sqlite3';
import {
  type CompiledQuery,
  type DatabaseConnection,
  type Driver,
  type QueryResult,
  SqliteDialect,
} from 'kysely';

/** The one SQLite connection as this driver uses it (better-sqlite3, with its statements kept). */
export interface SqliteHandle {
  prepare(sql: string): SqliteDatabase.Statement;
  /** Runs a statement without parameters or rows (BEGIN, SAVEPOINT, COMMIT). */
  exec(sql: string): void;
  /** Whether a transaction is open on the connection (SQLite may end one itself on some errors). */
  readonly inTransaction: boolean;
  /**
   * Makes everything committed so far durable, off the event loop (an fdatasync of the log on
   * libuv's thread pool). Present when the connection commits without syncing (WAL with
   * `synchronous = NORMAL`): the driver then calls it after each commit and answers the committed
   * work, and any read that may have seen it, only once it resolves. Absent (an in-memory
   * database), a commit is done when COMMIT returns.
   */
  syncLog?(): Promise<void>;
  close(): void;
}

/**
 * A group closes once this many transactions and queries have run in it, or once it has been open
 * this long, even with more waiting: its work answers only after its commit, and it holds the event
 * loop while it runs, so these bound what grouping adds to a request's time and to the loop's delay
 * (decision 32: larger groups sped the benchmark's bookings no further and held the loop longer).
 */
export const GROUP_COMMIT_MAX_MEMBERS = 16;
export const GROUP_COMMIT_MAX_MS = 4;
/** How many of a committed group's holders go on in one turn of the event loop. */
const ANSWERS_A_TURN = 8;

const MEMBER = 'trimtime_member';

/** Counts, for the tests and the benchmark's profile: how many transactions ran, and in how many commits. */
export interface GroupCommitStats {
  /** Transactions committed (each a savepoint inside a group). */
  transactions: number;
  /** COMMITs of a group that wrote or read something (each one sync of the log). */
  commits: number;
  /** Syncs of the log off the event loop (SqliteHandle.syncLog): at most one per commit, fewer when commits share one. */
  syncs: number;
}

interface Group {
  openedAt: number;
  /** The work that ran inside the group and waits for its commit before answering. */
  waiting: { resolve: () => void; reject: (error: unknown) => void }[];
  /** Transactions and queries that ran inside it. */
  size: number;
}

const hasRoom = (group: Group) =>
  group.size < GROUP_COMMIT_MAX_MEMBERS && Date.now() - group.openedAt < GROUP_COMMIT_MAX_MS;

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * SQLite's one connection, shared by turns, with group commit (issue 34, decision 32).
 *
 * Kysely's own SQLite driver gives the connection to one query or transaction at a time and commits
 * each transaction on its own: one sync of the log each, which costs what the pages it writes cost,
 * and most of a booking's pages (the ends of the tables' and indexes' trees) are the pages the next
 * booking writes again. Here, when others are already waiting for the connection, a finished
 * transaction does not commit: it releases its savepoint and the next one waiting runs inside the
 * same open transaction; the group commits when nobody is left waiting (or it reaches
 * GROUP_COMMIT_MAX_MEMBERS pieces of work or GROUP_COMMIT_MAX_MS), and only then does any of its work
 * answer. Nothing answers from a write that is not on disk: a query that runs inside an open group
 * waits for its commit too, as a transaction does; and if the group fails (SQLite rolled it back on a
 * full disk, say) all of its work fails, as each would have alone. A transaction that fails rolls
 * back to its savepoint only. With nobody waiting, a transaction commits at once, as before.
 *
 * Turns of the event loop: better-sqlite3 answers at once, so the holders waiting run one after
 * another in a single microtask flush. Between groups (and between holders outside one) the
 * connection passes on only after a turn of the loop, so the process takes new requests, writes
 * answers and fires timers (without it the benchmark measured event-loop delays of 250 ms behind 50
 * booking requests); the requests that arrive in that turn make the next group. Inside a group the
 * next holder goes on in the same turn, so the group's write lock never waits on the loop (another
 * connection in this process, waiting for it in SQLite's busy handler, would block the loop and
 * never let it finish), and the size and time limits bound how long the loop waits.
 */
export class GroupCommitSqliteDriver implements Driver {
  readonly stats: GroupCommitStats = { transactions: 0, commits: 0, syncs: 0 };
  #handle: SqliteHandle | undefined;
  readonly #open: () => Promise<SqliteHandle>;
  #held = false;
  readonly #queue: (() => void)[] = [];
  #group: Group | undefined;
  #inTransaction = false;
  /** The sync running on the thread pool, if any. */
  #syncing: Promise<void> | undefined;
  /** Commits made while a sync ran: they share the next one, which starts when it ends. */
  #nextSync: { promise: Promise<void>; resolve: () => void; reject: (error: unknown) => void } | undefined;

  constructor(open: () => Promise<SqliteHandle>) {
    this.#open = open;
  }

  async init(): Promise<void> {
    this.#handle = await this.#open();
  }

  get #sqlite(): SqliteHandle {
    if (!this.#handle) throw new Error('The SQLite driver is not initialised');
    return this.#handle;
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    await this.#lock();
    return new Turn(this);
  }

  async beginTransaction(): Promise<void> {
    // A group is open only if the holder before had room to let this one in (#settle): it joins.
    if (!this.#group) {
      // A transaction left open by a rollback that failed: end it, or no transaction could begin.
      if (this.#sqlite.inTransaction) this.#sqlite.exec('rollback');
      // IMMEDIATE: the group holds the write lock from its start, so another process's write (a
      // command beside the server) cannot make a later member's first write fail as a stale read.
      this.#sqlite.exec('begin immediate');
      this.#group = { openedAt: Date.now(), waiting: [], size: 0 };
    }
    this.#sqlite.exec(`savepoint ${MEMBER}`);
    this.#group.size += 1;
    this.#inTransaction = true;
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    this.#sqlite.exec(`release ${MEMBER}`);
    this.#inTransaction = false;
    this.stats.transactions += 1;
    await this.#settle(connection as Turn);
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    const turn = connection as Turn;
    // Its work already waited in a group that then failed: the connection is another's by now.
    if (turn.released) return;
    this.#inTransaction = false;
    try {
      // SQLite may have ended the whole transaction itself (a full disk, an I/O error).
      if (!this.#sqlite.inTransaction) throw new Error('SQLite rolled back the transaction');
      this.#sqlite.exec(`rollback to ${MEMBER}`);
      this.#sqlite.exec(`release ${MEMBER}`);
    } catch (error) {
      // The work waiting in the group went with it.
      this.#failGroup(error);
      return;
    }
    // Its failure may come from what the group's earlier work wrote (the slot a booking before it
    // took): it answers once that is on disk too. Its own error is the one it answers with.
    await this.#settle(turn).catch(() => undefined);
  }

  // A transaction's own savepoints (Kysely's controlled transactions), inside its member savepoint.
  async savepoint(_connection: DatabaseConnection, name: string): Promise<void> {
    this.#sqlite.exec(`savepoint ${quoted(name)}`);
  }

  async rollbackToSavepoint(_connection: DatabaseConnection, name: string): Promise<void> {
    this.#sqlite.exec(`rollback to ${quoted(name)}`);
  }

  async releaseSavepoint(_connection: DatabaseConnection, name: string): Promise<void> {
    this.#sqlite.exec(`release ${quoted(name)}`);
  }

  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    const turn = connection as Turn;
    if (turn.released) return;
    turn.released = true;
    if (this.#group) {
      if (this.#queue.length > 0 && hasRoom(this.#group)) {
        // A group is open and this holder's work is not waiting in it (a failed statement outside a
        // transaction): the next one waiting goes on inside it, in this same turn.
        this.#unlock();
        return;
      }
      try {
        this.#commitGroup();
      } catch {
        // The group's waiting work has the error; this holder's own work ended before it.
      }
    }
    await nextTurn();
    this.#unlock();
  }

  async destroy(): Promise<void> {
    if (this.#inTransaction) {
      // A transaction still running when the database closes is not committed with the group.
      try {
        this.#sqlite.exec(`rollback to ${MEMBER}`);
        this.#sqlite.exec(`release ${MEMBER}`);
      } catch {
        // SQLite ended it already.
      }
      this.#inTransaction = false;
    }
    if (this.#group) {
      try {
        this.#commitGroup();
      } catch {
        // Each piece of waiting work has the error.
      }
    }
    // The log stays open until every commit's sync has ended (its waiting work has any error).
    for (let sync = this.#pendingSync(); sync; sync = this.#pendingSync()) await sync.catch(() => undefined);
    this.#handle?.close();
    this.#handle = undefined;
  }

  /** Runs one statement for the turn that holds the connection. */
  async execute<R>(turn: Turn, query: CompiledQuery): Promise<QueryResult<R>> {
    if (turn.released) {
      // The turn let go when its last piece of work joined a group: take the connection again.
      await this.#lock();
      turn.released = false;
    }
    let ran: { result: QueryResult<R>; wrote: boolean };
    try {
      ran = run<R>(this.#sqlite, query);
    } catch (error) {
      // Some errors end SQLite's whole transaction (a full disk): the group's work went with it.
      if (this.#group && !this.#sqlite.inTransaction) this.#failGroup(error);
      // On its own, a refusal may rest on a commit whose sync has not ended (the key another
      // request just wrote): it answers after that sync too, as a read does.
      const pending = !this.#inTransaction && !this.#group ? this.#pendingSync() : undefined;
      if (pending) await this.#passOnUntil(turn, pending).catch(() => undefined);
      throw error;
    }
    if (this.#inTransaction) return ran.result;
    if (this.#group) {
      this.#group.size += 1;
      // A query outside a transaction ran inside the open group: it read or wrote what is not on
      // disk yet, so it answers once the group has committed.
      await this.#settle(turn);
      return ran.result;
    }
    // On its own: a write committed by itself and is synced like a group's commit; a read may have
    // read a commit whose sync has not ended, and answers after it.
    const durable = ran.wrote ? this.#sync() : this.#pendingSync();
    if (durable) await this.#passOnUntil(turn, durable);
    return ran.result;
  }

  async *stream<R>(turn: Turn, query: CompiledQuery): AsyncIterableIterator<QueryResult<R>> {
    if (turn.released) {
      await this.#lock();
      turn.released = false;
    }
    if (this.#group && !this.#inTransaction) this.#commitGroup();
    // Rows are read from what is committed; they go out once that is on disk.
    if (!this.#inTransaction) await this.#pendingSync();
    const statement = this.#sqlite.prepare(query.sql);
    for (const row of statement.iterate(query.parameters as unknown[])) yield { rows: [row as R] };
  }

  /**
   * The holder's work inside the group is done: with others waiting (and room in the group), it
   * lets the next one in at once and waits for the group's commit; with nobody waiting, it commits
   * the group, its own work and the work waiting in it.
   */
  async #settle(turn: Turn): Promise<void> {
    const group = this.#group;
    if (!group) return;
    if (this.#queue.length > 0 && hasRoom(group)) {
      const committed = new Promise<void>((resolve, reject) => group.waiting.push({ resolve, reject }));
      turn.released = true;
      this.#unlock();
      await committed;
      return;
    }
    const durable = this.#commitGroup();
    if (durable) await this.#passOnUntil(turn, durable);
  }

  /**
   * Commits the open group. Its waiting work answers once the commit is on disk: at once when
   * COMMIT syncs, else when the sync it asked for ends (the returned promise, which the committing
   * holder waits for too).
   */
  #commitGroup(): Promise<void> | undefined {
    const group = this.#group;
    if (!group) return undefined;
    this.#group = undefined;
    try {
      this.#sqlite.exec('commit');
    } catch (error) {
      this.#abandon(group, error);
      throw error;
    }
    this.stats.commits += 1;
    // The answers go on a few at a time, a turn of the loop between, so a large group's answers do
    // not hold the loop (timers, new requests) all at once.
    const answer = (from: number) => {
      for (const work of group.waiting.slice(from, from + ANSWERS_A_TURN)) work.resolve();
      if (from + ANSWERS_A_TURN < group.waiting.length) setImmediate(() => answer(from + ANSWERS_A_TURN));
    };
    const durable = this.#sync();
    if (!durable) {
      answer(0);
      return undefined;
    }
    durable.then(
      () => answer(0),
      (error: unknown) => {
        for (const work of group.waiting) work.reject(error);
      },
    );
    return durable;
  }

  /**
   * Asks for the log to be synced after a commit (SqliteHandle.syncLog); undefined when COMMIT
   * synced it itself. One sync runs at a time: the commits made meanwhile share the next one.
   */
  #sync(): Promise<void> | undefined {
    const syncLog = this.#handle?.syncLog;
    if (!syncLog) return undefined;
    if (this.#nextSync) return this.#nextSync.promise;
    let resolve!: () => void;
    let reject!: (error: unknown) => void;
    const promise = new Promise<void>((res, rej) => {
      resolve = res;
      reject = rej;
    });
    // Whoever waits handles a failure; a commit nobody waits for must not end the process.
    promise.catch(() => undefined);
    this.#nextSync = { promise, resolve, reject };
    if (!this.#syncing) this.#startSync(syncLog);
    return promise;
  }

  #startSync(syncLog: () => Promise<void>): void {
    const next = this.#nextSync;
    if (!next) return;
    this.#nextSync = undefined;
    this.stats.syncs += 1;
    this.#syncing = next.promise;
    (async () => syncLog())()
      .then(next.resolve, next.reject)
      .finally(() => {
        this.#syncing = undefined;
        if (this.#nextSync) this.#startSync(syncLog);
      });
  }

  /** The sync that covers every commit made so far, if one has not ended yet. */
  #pendingSync(): Promise<void> | undefined {
    return this.#nextSync?.promise ?? this.#syncing;
  }

  /**
   * The turn's answer waits for `durable`, the connection not: it passes on (after a turn of the
   * loop, as between groups), so the next group runs while this one's commit is being synced.
   */
  async #passOnUntil(turn: Turn, durable: Promise<void>): Promise<void> {
    turn.released = true;
    setImmediate(() => this.#unlock());
    await durable;
  }

  #failGroup(error: unknown): void {
    const group = this.#group;
    if (!group) return;
    this.#group = undefined;
    this.#abandon(group, error);
  }

  /** Rolls back what is left of a failed group; its waiting work fails, even if the rollback does. */
  #abandon(group: Group, error: unknown): void {
    try {
      if (this.#sqlite.inTransaction) this.#sqlite.exec('rollback');
    } catch {
      // The next transaction to begin ends it (beginTransaction).
    } finally {
      for (const work of group.waiting) work.reject(error);
    }
  }

  async #lock(): Promise<void> {
    if (this.#held) {
      await new Promise<void>((resolve) => this.#queue.push(resolve));
      return;
    }
    this.#held = true;
  }

  /** Hands the connection to the next holder waiting, if any. */
  #unlock(): void {
    const next = this.#queue.shift();
    if (next) next();
    else this.#held = false;
  }
}

/** Kysely's SQLite dialect (adapter, compiler, introspector) with the driver above. */
export class GroupCommitSqliteDialect extends SqliteDialect {
  /** The driver Kysely made (it makes one, when the database is first used). */
  driver: GroupCommitSqliteDriver | undefined;

  constructor(private readonly open: () => Promise<SqliteHandle>) {
    super({ database: () => open() as never });
  }

  override createDriver(): GroupCommitSqliteDriver {
    this.driver = new GroupCommitSqliteDriver(this.open);
    return this.driver;
  }
}

/** One holder's use of the connection (from acquireConnection to releaseConnection). */
class Turn implements DatabaseConnection {
  released = false;
  constructor(private readonly driver: GroupCommitSqliteDriver) {}

  executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    return this.driver.execute<R>(this, query);
  }

  streamQuery<R>(query: CompiledQuery): AsyncIterableIterator<QueryResult<R>> {
    return this.driver.stream<R>(this, query);
  }
}

/** Runs one statement; `wrote`: it may have changed the database (SQLite's read-only flag is off). */
function run<R>(
  sqlite: SqliteHandle,
  { sql, parameters }: CompiledQuery,
): { result: QueryResult<R>; wrote: boolean } {
  const statement = sqlite.prepare(sql);
  const wrote = !statement.readonly;
  if (statement.reader) return { result: { rows: statement.all(parameters as unknown[]) as R[] }, wrote };
  const { changes, lastInsertRowid } = statement.run(parameters as unknown[]);
  return {
    result: { numAffectedRows: BigInt(changes), insertId: BigInt(lastInsertRowid), rows: [] },
    wrote,
  };
}

const quoted = (name: string) => `"${name.replaceAll('"', '""')}"`;
