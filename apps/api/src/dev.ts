// `npm run dev`: the API listens on 3001 by default, because Vite serves :3000 and proxies /api here.
process.env.PORT ??= '3001';
// Emailed links open the app where Vite serves it, not the API's port.
process.env.APP_URL ??= 'http://localhost:3000';
await import('./server');

export {};
