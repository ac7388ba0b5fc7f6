/** Times said the way people read them (core's formatWhen: the server words its refusals the same way). */
export { formatWhen } from '@prospector/core';
