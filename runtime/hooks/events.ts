/** Webhooks and event rules: templates must parse, URLs must be http(s), conditions must be valid. */
import type { ModelHooks } from '../write/index.ts';
import { ConditionError, validateConditions, checkTemplate } from '../events/index.ts';
import { lifecycleEvents } from '../changes/index.ts';

const eventTypes = new Set([
  'object_created',
  'object_updated',
  'object_deleted',
  'job_started',
  'job_completed',
  'job_failed',
  'job_errored',
  ...Object.values(lifecycleEvents),
]);

export const webhookHooks: ModelHooks = {
  prepare(_ctx, _model, items) {
    for (const p of items) {
      for (const f of ['payload_url', 'additional_headers', 'body_template'] as const) {
        const fault = checkTemplate(String(p.values[f] ?? ''));
        if (fault) p.errors.add(f, `Invalid template: ${fault}`);
      }
      const url = String(p.values.payload_url ?? '');
      if (!url.includes('{') && !/^https?:\/\/[^/\s]+/i.test(url))
        p.errors.add('payload_url', 'Enter a valid http:// or https:// URL (or a template).');
      if (!p.values.ssl_verification && p.values.ca_file_path)
        p.errors.add('ca_file_path', 'Do not specify a CA certificate file if SSL verification is disabled.');
    }
  },
};

export const eventRuleHooks: ModelHooks = {
  prepare(_ctx, _model, items) {
    for (const p of items) {
      const types = (p.values.event_types ?? []) as string[];
      if (!types.length) p.errors.add('event_types', 'At least one event type must be selected.');
      for (const t of types) if (!eventTypes.has(t)) p.errors.add('event_types', `"${t}" is not a valid event type.`);
      if (p.values.action_type !== 'webhook')
        p.errors.add(
          'action_type',
          `Action type "${String(p.values.action_type)}" is not supported by this service; use webhook.`,
        );
      try {
        validateConditions(p.values.conditions);
      } catch (e) {
        if (!(e instanceof ConditionError)) throw e;
        p.errors.add('conditions', e.message);
      }
    }
  },
};
