// Process entry of the built server (dist/server.js): starts it, or says why it could not.
import { ConfigError } from './config';
import { startServer } from './start';

startServer().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    console.error(error.message);
  } else {
    console.error('The server could not start:', error);
  }
  process.exit(1);
});
