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
import { retriggerHandler } from './retrigger.ts';

type Handler = (c: Context<AppEnv>, model: ModelDef) => Promise<Response>;

export interface ActionHandlers {
  readonly get?: Handler;
  readonly post?: Handler;
}

/** The handlers of an action, each given the action with its op's arguments. */
export function actionHandlers(action: ActionDef): ActionHandlers {
  switch (action.op) {
    case 'available_ips':
      return { get: (c, m) => listAvailableIps(c, m, action), post: (c, m) => allocateIps(c, m, action) };
    case 'available_prefixes':
      return { get: (c, m) => listAvailablePrefixes(c, m, action), post: (c, m) => allocatePrefixes(c, m, action) };
    case 'available_vlans':
      return { get: (c, m) => listAvailableVlans(c, m, action), post: (c, m) => allocateVlans(c, m, action) };
    case 'available_asns':
      return { get: (c, m) => listAvailableAsns(c, m, action), post: (c, m) => allocateAsns(c, m, action) };
    case 'trace':
      return { get: traceHandler };
    case 'paths':
      return { get: pathsHandler };
    case 'render_config':
      return { post: (c, m) => renderConfigHandler(c, m, action) };
    case 'render_template':
      return { post: (c, m) => renderTemplateHandler(c, m, action) };
    case 'retrigger':
      return { post: retriggerHandler };
  }
}
