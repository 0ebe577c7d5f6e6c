import { DEFAULT_RETRY_POLICY } from '@linksmate/platform';
import amqp from 'amqplib';

/** Deletes what a benchmark declared on the shared broker. */
export async function deleteTopology(url: string, exchange: string, queues: string[]): Promise<void> {
  const connection = await amqp.connect(url);
  const names = queues.flatMap((q) =>
    [q, `${q}.dead`, ...new Set(DEFAULT_RETRY_POLICY.delaysMs)].map((n) =>
      typeof n === 'number' ? `${q}.retry.${n}ms` : n,
    ),
  );
  for (const name of names) {
    const channel = await connection.createChannel();
    channel.on('error', () => {});
    await channel.deleteQueue(name).catch(() => {});
    await channel.close().catch(() => {});
  }
  for (const name of [exchange, `${exchange}.dead`]) {
    const channel = await connection.createChannel();
    channel.on('error', () => {});
    await channel.deleteExchange(name).catch(() => {});
    await channel.close().catch(() => {});
  }
  await connection.close();
}
