/**
 * The data-access ports of the features (docs/scaling.md): each feature that has one adds its store here by
 * declaration merging (`declare module '…/lib/db/stores' { interface Stores { checkIns: CheckInStore } }`), so
 * lib/ names no feature while `deps.stores` is typed with every store. Each store is one interface with one
 * implementation per engine (SQLite, PostgreSQL), chosen once at start-up (src/stores.ts).
 */
export interface Stores {}
