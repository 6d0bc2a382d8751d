/**
 * How cables are stored, and which objects a path passes through or ends at (NetBox's CablePath
 * rules): the one place the runtime names the models of cabling.
 */

/** The rows joining a cable end to an object: `cable`, `cable_end` (A or B), generic `termination`. */
export const TERMINATION = {
  model: 'dcim.cabletermination',
  cable: 'cable_id',
  end: 'cable_end',
  type: 'termination_type',
  id: 'termination_id',
} as const;
export const CABLE = { model: 'dcim.cable', status: 'status' } as const;

/** Ports that pass a path on: a front port to its rear port(s), a rear port to its front port(s). */
export const FRONT_PORT = 'dcim.frontport';
export const REAR_PORT = 'dcim.rearport';
/** A circuit passes a path from one termination to the other side's. */
export const CIRCUIT_TERMINATION = {
  model: 'circuits.circuittermination',
  circuit: 'circuit_id',
  side: 'term_side',
} as const;

export interface Ref {
  readonly type: string;
  readonly id: number;
}

export const refKey = (r: Ref) => `${r.type}:${r.id}`;
