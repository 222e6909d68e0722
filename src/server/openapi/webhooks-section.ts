/** The document's top-level `webhooks` (OAS 3.1): the outgoing events an endpoint is sent (docs/webhooks.md; issue #40 item 9). */
import { WEBHOOK_EVENTS } from './answers/webhook-events.ts';
import type { SchemaComponents } from './schemas.ts';

/** The top-level `webhooks` (OAS 3.1): what the organisation's endpoints are sent, one entry per event type. */
export function webhooksOf(components: SchemaComponents): Record<string, object> {
  const signature = [
    { in: 'header', name: 'webhook-id', required: true, description: 'The delivery’s id (a re-send and every retry keep it: drop repeats)', schema: { type: 'string' } },
    { in: 'header', name: 'webhook-timestamp', required: true, description: 'Seconds since the epoch when the attempt was made', schema: { type: 'string', pattern: '^[0-9]+$' } },
    {
      in: 'header',
      name: 'webhook-signature',
      required: true,
      description: '`v1,` + base64 HMAC-SHA256 of `{webhook-id}.{webhook-timestamp}.{body}` with the endpoint’s secret (`whsec_…`): verify with any Standard Webhooks library',
      schema: { type: 'string', pattern: '^v1,' },
    },
  ];
  return Object.fromEntries(
    WEBHOOK_EVENTS.map((event) => [
      event.type,
      {
        post: {
          operationId: `webhook_${event.type.replace(/\W/g, '_')}`,
          summary: event.type,
          description: `${event.summary}. Sent to each enabled endpoint of the organisation that chose it, signed as Standard Webhooks say (docs/webhooks.md); any 2xx is taken, anything else is retried for a day.`,
          tags: ['Webhooks'],
          // The receiver checks the signature headers (below), not a credential of ours.
          security: [],
          parameters: signature,
          requestBody: { required: true, content: { 'application/json': { schema: components.of(event.payload) } } },
          responses: {
            '200': { description: 'Received (any 2xx)' },
            '400': { description: 'Refused: the delivery is retried for a day, then given up' },
          },
        },
      },
    ]),
  );
}
