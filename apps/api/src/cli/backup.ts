import { runBackup } from './backup.command';

try {
  const { exitCode, output } = runBackup(process.argv.slice(2), process.env);
  (exitCode === 0 ? console.info : console.error)(output);
  process.exitCode = exitCode;
} catch (error) {
  console.error('backup failed:', error);
  process.exitCode = 1;
}
