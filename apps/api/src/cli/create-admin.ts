import { runCreateAdmin } from './create-admin.command';

try {
  const { exitCode, output } = await runCreateAdmin(process.argv.slice(2), process.env);
  (exitCode === 0 ? console.info : console.error)(output);
  process.exitCode = exitCode;
} catch (error) {
  console.error('create-admin failed:', error);
  process.exitCode = 1;
}
