import { AsyncLocalStorage } from "node:async_hooks";
import { requestStoreWork } from "./requestDeadline.ts";
import type { Queryable, Store } from "./store.ts";

/**
 * One transaction a whole request's store work joins (http/idempotency.ts opens it for a POST with
 * an Idempotency-Key): its writes and its stored answer commit together, or none of them does, so a
 * request cut off by an outage leaves nothing a retry with the same key could create twice.
 */
export class RequestTransaction {
  /** Statements join the transaction until the request's answer is in; after it, the store again. */
  open = true;
  private savepoints = 0;
  private readonly afterEnd: Array<() => void> = [];

  /** The store (as joinRequestTransactions answered it) whose statements join. */
  readonly store: Store;
  readonly tx: Queryable;

  constructor(store: Store, tx: Queryable) {
    this.store = store;
    this.tx = tx;
  }

  /** A transaction begun inside the request: a savepoint, so a failure it catches undoes only it. */
  async nested<R>(fn: (tx: Queryable) => Promise<R>): Promise<R> {
    const name = `request_nested_${++this.savepoints}`;
    await this.tx.query(`SAVEPOINT ${name}`);
    try {
      const result = await fn(this.tx);
      await this.tx.query(`RELEASE SAVEPOINT ${name}`);
      return result;
    } catch (error) {
      await this.tx.query(`ROLLBACK TO SAVEPOINT ${name}`).catch(() => {});
      throw error;
    }
  }

  /** Runs `fn` once the transaction has ended (committed or not). */
  defer(fn: () => void): void {
    this.afterEnd.push(fn);
  }

  /** The transaction ended: what waited for it runs, outside the request. */
  ended(): void {
    this.open = false;
    for (const fn of this.afterEnd.splice(0)) outsideRequest(fn);
  }
}

const joined = new AsyncLocalStorage<RequestTransaction>();

/** Runs `fn` (the rest of the request) with its store work joining `transaction`. */
export function runInRequestTransaction<R>(transaction: RequestTransaction, fn: () => R): R {
  return joined.run(transaction, fn);
}

/**
 * Runs `fn` outside any request: background work a request starts (a refresh, a worker's wake-up)
 * neither joins its transaction nor counts against its wait budget.
 */
export function outsideRequest<R>(fn: () => R): R {
  return requestStoreWork.exit(() => joined.exit(fn));
}

/**
 * Runs `fn` once the request's transaction has committed (or rolled back), or now outside one: a
 * worker woken to read a row the request wrote must find it committed.
 */
export function afterRequestTransaction(fn: () => void): void {
  const transaction = joined.getStore();
  if (transaction?.open) transaction.defer(fn);
  else fn();
}

/**
 * The store whose statements and transactions join the request's transaction while one is open
 * (a transaction begun inside it becomes a savepoint); everything else goes to `store` as before.
 */
export function joinRequestTransactions<S extends Store>(store: S): S {
  const current = () => {
    const transaction = joined.getStore();
    return transaction?.open && transaction.store === joining ? transaction : undefined;
  };
  const joining: S = {
    ...store,
    query: (sql, params) => (current()?.tx ?? store).query(sql, params),
    exec: (sql) => (current()?.tx ?? store).exec(sql),
    transaction: (fn) => {
      const transaction = current();
      return transaction ? transaction.nested(fn) : store.transaction(fn);
    },
  };
  return joining;
}
