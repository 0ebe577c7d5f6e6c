import type { Db, PaymentsUser } from '../../db/types';
import { findCustomerId, findUser, saveCustomer, upsertUser, userOfCustomer } from './repository';

/**
 * People as payments knows them: who they are (projected from identity, for receipts and the
 * transaction list) and their customer at the payment provider.
 */
export class PaymentsUsers {
  constructor(private readonly db: Db) {}

  find(userId: number, db: Db = this.db): Promise<PaymentsUser | undefined> {
    return findUser(db, userId);
  }

  /** Applies identity's snapshot of a person, newest version winning. */
  project(tx: Db, user: PaymentsUser): Promise<void> {
    return upsertUser(tx, user);
  }

  customerId(userId: number, db: Db = this.db): Promise<string | undefined> {
    return findCustomerId(db, userId);
  }

  userOfCustomer(providerCustomerId: string): Promise<number | undefined> {
    return userOfCustomer(this.db, providerCustomerId);
  }

  /** Remembers the person's provider customer; the first one saved stays. Returns the one kept. */
  async keepCustomer(userId: number, providerCustomerId: string): Promise<string> {
    await saveCustomer(this.db, userId, providerCustomerId);
    return (await findCustomerId(this.db, userId)) ?? providerCustomerId;
  }
}
