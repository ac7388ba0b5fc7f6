export * from './kpis.js';
