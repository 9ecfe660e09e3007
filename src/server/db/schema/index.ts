export * from './accounts';
export * from './inquiries';
export * from './mail';
