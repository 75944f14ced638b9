// Property tests explore new inputs on every local run, but CI replays one fixed seed: a new
// counterexample should reach a developer as a failing local run (fast-check prints its seed;
// FC_SEED=<seed> replays it), not as a random red CI that blocks a landing.
import fc from 'fast-check';

const seed = process.env['FC_SEED'] ? Number(process.env['FC_SEED']) : process.env['CI'] ? 20261130 : undefined;
if (seed !== undefined) fc.configureGlobal({ seed });
