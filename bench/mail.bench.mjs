/**
 * @hearken/server mail: how many emails per second one mail worker sends to an SMTP server on
 * 127.0.0.1 (smtp-server, in this process, accepting every mail at once).
 *
 * `PATCH /api/v1/insights/{id}` with `notify.email` queues one email per call; 300 of them are
 * committed first, then one worker (its defaults: rows claimed 8 at a time, two batches at once,
 * 4 pooled SMTP connections) starts and drains them. Each email is composed from the database (workspace, thread, contact, signed
 * unsubscribe links), recorded on its row before SMTP, sent, and marked sent: the whole path a
 * real notification takes, on PGlite in memory.
 */
import { loadavg } from 'node:os';
import { SMTPServer } from 'smtp-server';
import { packageUrl } from './lib/packages.mjs';

const group = 'mail';
const EMAILS = 300;

async function startSmtp(onMail) {
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      stream.on('data', () => {});
      stream.on('end', () => {
        onMail(performance.now());
        callback();
      });
    },
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `smtp://127.0.0.1:${server.server.address().port}`,
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

export default async function mailBench({ root }) {
  const server = await import(packageUrl(root, '@hearken/server'));
  const db = await server.openDatabase({ data: 'memory' });
  let worker;
  let received = 0;
  let last = 0;
  let onMail = () => {};
  const smtp = await startSmtp((at) => {
    received++;
    last = at;
    onMail();
  });
  try {
    const seed = await server.seedDemo(db);
    // Writes are not what is measured: lift the rate limit.
    const app = server.createServer({ db, limits: { writes: 100_000 } });
    const api = async (key, method, path, body) => {
      const response = await app.request(path, {
        method,
        headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
        ...(body ? { body: JSON.stringify(body) } : {}),
      });
      const json = await response.json();
      if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${JSON.stringify(json)}`);
      return json;
    };
    const { data } = await api(seed.keys.v2Full, 'GET', '/api/v2/threads?limit=100');
    const withContact = data.filter((thread) => thread.contact);
    if (withContact.length === 0) throw new Error('the demo seed has no thread with a contact');
    for (let i = 0; i < EMAILS; i++) {
      const thread = withContact[i % withContact.length];
      await api(seed.keys.v1, 'PATCH', `/api/v1/insights/${thread.id}`, {
        state: i % 2 === 0 ? 'PROCESSED' : 'NEW',
        notify: { email: true },
      });
    }
    const drained = new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`${received} of ${EMAILS} emails arrived in 120 s`)), 120_000);
      onMail = () => {
        if (received !== EMAILS) return;
        clearTimeout(timer);
        resolve();
      };
    });
    const started = performance.now();
    worker = server.startMailWorker({
      db,
      smtpUrl: smtp.url,
      from: 'feedback@example.com',
      publicUrl: 'https://feedback.example.com',
    });
    await drained;
    const perSecond = EMAILS / ((last - started) / 1000);
    return [
      {
        group,
        metric: `emails sent per second (${EMAILS} emails, 1 worker, 4 in flight)`,
        value: perSecond,
        unit: '/s',
        budget: 20,
        lowerIsBetter: false,
        note: `PGlite in memory; smtp-server on 127.0.0.1 accepting at once; load average ${loadavg()[0].toFixed(1)} at the end`,
      },
    ];
  } finally {
    await worker?.stop();
    await smtp.close();
    await db.close();
  }
}
