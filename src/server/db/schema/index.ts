export * from './auth';
export * from './accounts';
export * from './inquiries';
export * from './mail';
export * from './audit';
export * from './mfa';
export * from './notifications';
export * from './notification-preferences';
