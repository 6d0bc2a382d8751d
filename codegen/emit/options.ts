/** Options shared by the emitters. */
export interface EmitOptions {
  /** import path of runtime/ as seen from the generated/ folder */
  readonly runtimeFromGenerated: string;
}

export const defaultEmitOptions: EmitOptions = { runtimeFromGenerated: '../runtime' };
