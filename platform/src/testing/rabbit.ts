import amqp from 'amqplib';
import type { RabbitMqEventBus } from '../bus/rabbitmq';

/** Deletes the queues and exchanges these buses declared, leaving a shared broker as it was. */
export async function deleteBusTopology(url: string, buses: RabbitMqEventBus[]): Promise<void> {
  const queues = new Set(buses.flatMap((b) => b.declaredQueues()));
  const exchanges = new Set(buses.flatMap((b) => b.exchanges()));
  const connection = await amqp.connect(url);
  try {
    // A failed delete closes its channel, so each gets its own.
    for (const queue of queues) {
      const channel = await connection.createChannel();
      channel.on('error', () => {});
      await channel.deleteQueue(queue).catch(() => {});
      await channel.close().catch(() => {});
    }
    for (const exchange of exchanges) {
      const channel = await connection.createChannel();
      channel.on('error', () => {});
      await channel.deleteExchange(exchange).catch(() => {});
      await channel.close().catch(() => {});
    }
  } finally {
    await connection.close();
  }
}
