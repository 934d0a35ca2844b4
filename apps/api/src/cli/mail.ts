import { runMail } from './mail.command';

try {
  const { exitCode, output } = await runMail(process.argv.slice(2), process.env);
  (exitCode === 0 ? console.info : console.error)(output);
  process.exitCode = exitCode;
} catch (error) {
  console.error('mail failed:', error);
  process.exitCode = 1;
}
