/**
 * The packages an action may `require()`, and nothing else: no Node built-in (fs, child_process,
 * net, ...), no other dependency of the service. Each one's folder is readable by the action
 * processes (the permission model's --allow-fs-read), so add only pure-JS packages without
 * dependencies of their own. jose 6 is ESM; Node >= 20.19 `require()`s it.
 */
export const ACTION_PACKAGES: readonly string[] = ['jose'];
