/**
 * A virtual chassis created with a master makes that device its first member (position 1), as
 * NetBox does: the device's update is a change of its own, logged after the chassis's creation.
 */
import { updateObjects, type ModelHooks } from '../write/index.ts';

export const virtualChassisHooks: ModelHooks = {
  async afterCreate(ctx, model, items) {
    const masters = items
      .filter((i) => i.values.master !== null && i.values.master !== undefined)
      .map((i) => ({ id: i.values.master, data: { virtual_chassis: i.id, vc_position: 1 } }));
    if (!masters.length) return;
    // NetBox saves the master from a signal, without a snapshot first: logged with no data before
    await updateObjects(ctx, ctx.registry.model('dcim.device'), masters, {
      bulk: true,
      partial: true,
      unsnapshotted: true,
    });
  },
};
