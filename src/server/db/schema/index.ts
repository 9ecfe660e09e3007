export * from './inquiries';
export * from './mail';
