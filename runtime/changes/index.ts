/**
 * Change control (the plugin's change requests, reviews, policies): an observer of the write path that
 * admits writes and settles requests, the models' hooks, the lifecycle events it sends, and the merge
 * gate branching asks before it merges.
 */
export { createChangeControlObserver } from './observer.ts';
export { lifecycleEvents, sendLifecycle } from './events.ts';
export { changeRequestHooks } from './requests.ts';
export { commentHooks, replyHooks, reviewHooks } from './feedback.ts';
export { policyHooks, policyRuleHooks } from './policies.ts';
export { mergeRefusal } from './gate.ts';
