// The baseline of bench/api: a bare Fastify answering { hello: 'world' } with no plugins and no
// logger, in its own process like the real server, so the two figures share one machine and run.
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/', async () => ({ hello: 'world' }));

const port = Number(process.env.PORT);
await app.listen({ port, host: '127.0.0.1' });
process.send?.('ready');
process.on('SIGTERM', () => {
  void app.close().then(() => process.exit(0));
});
