/** What a command-line command ends with: its exit code and what it prints. */
export interface CommandResult {
  exitCode: number;
  output: string;
}
