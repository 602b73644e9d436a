#!/usr/bin/env node
// Entry of `npx lendsight`: runs the TypeScript CLI through tsx's loader.
import { register } from 'tsx/esm/api';

register();
await import('../src/cli/main.ts');
