import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';

/**
 * Sends CSV as its pages come, as the attachment `<fileName>.csv`. The stream holds one page ahead
 * of the socket (memory stays one page whatever the export's size) and gives the event loop a turn
 * after each page: SQLite answers synchronously, so without the turn the generator ran page after
 * page and the socket got nothing until the stream's buffer had filled (a late first byte, #20).
 */
export function sendCsv(reply: FastifyReply, fileName: string, pages: AsyncIterable<string>): FastifyReply {
  async function* paced() {
    for await (const page of pages) {
      yield page;
      await new Promise((resolve) => setImmediate(resolve));
    }
  }
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${fileName}.csv"`)
    .send(Readable.from(paced(), { highWaterMark: 1 }));
}
