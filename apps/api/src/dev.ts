// `npm run dev`: the API listens on 3001 by default, because Vite serves :3000 and proxies /api here.
process.env.PORT ??= '3001';
await import('./server');

export {};
