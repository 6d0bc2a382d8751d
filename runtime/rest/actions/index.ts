/**
 * Detail actions (`/api/<model>/<id>/<action>/`) that models switch on in the catalogue (models/) with
 * `actions:`; each op is written once here and works on the fields its entry names.
 */
import type { Context } from 'hono';
import type { ActionDef, ModelDef } from '../../catalogue/index.ts';
import type { AppEnv } from '../../http/env.ts';
import { allocateAsns, listAvailableAsns } from './available-asns.ts';
import { allocateIps, listAvailableIps } from './available-ips.ts';
import { allocatePrefixes, listAvailablePrefixes } from './available-prefixes.ts';
import { allocateVlans, listAvailableVlans } from './available-vlans.ts';
import { pathsHandler, traceHandler } from './trace.ts';
import { renderConfigHandler, renderTemplateHandler } from './render-config.ts';

type Handler = (c: Context<AppEnv>, model: ModelDef, action: ActionDef) => Promise<Response>;

export interface ActionHandlers {
  readonly get?: Handler;
  readonly post?: Handler;
}

export const actionHandlers: Readonly<Record<ActionDef['op'], ActionHandlers>> = {
  available_ips: { get: listAvailableIps, post: allocateIps },
  available_prefixes: { get: listAvailablePrefixes, post: allocatePrefixes },
  available_vlans: { get: listAvailableVlans, post: allocateVlans },
  available_asns: { get: listAvailableAsns, post: allocateAsns },
  trace: { get: traceHandler },
  paths: { get: pathsHandler },
  render_config: { post: renderConfigHandler },
  render_template: { post: renderTemplateHandler },
};
