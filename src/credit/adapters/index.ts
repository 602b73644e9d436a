import type { CreditConfig } from '../../config.js';
import type { Bureau } from '../bureau.js';
import { createFirstCentralBureau } from './firstcentral/firstcentral-bureau.js';
import { createSandboxBureau } from './sandbox/sandbox-bureau.js';

/** Every bureau adapter, by the name CREDIT_BUREAU selects. Adding one is a folder and a line here. */
export const bureauAdapters = {
  sandbox: (config: CreditConfig) => createSandboxBureau({ delayMs: config.sandbox.delayMs }),
  firstcentral: (config: CreditConfig) => createFirstCentralBureau(config.firstCentral),
} satisfies Record<CreditConfig['bureau'], (config: CreditConfig) => Bureau>;

export function createBureau(config: CreditConfig): Bureau {
  return bureauAdapters[config.bureau](config);
}
