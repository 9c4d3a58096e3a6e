export * from './auth';
export * from './profile';
export * from './platform';
export * from './storage';
export * from './content';
export * from './jobs';
export * from './screens';
export * from './player';
