export * from './auth-emulator';
export * from './contact';
export * from './firebase-identity';
export * from './graphql';
export * from './proof';
export * from './settings';
export * from './shown-text';
export * from './until';
