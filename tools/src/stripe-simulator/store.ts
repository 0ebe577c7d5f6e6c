import { type Json, missing, type StripeObject } from './values';
import type { Webhooks } from './webhooks';

/** What an `ObjectStore` holds, as JSON: what a simulator keeps from one start to the next. */
export interface StoredObjects {
  objects: StripeObject[];
  cardNumbers: Array<[paymentMethod: string, number: string]>;
}

/** Every object the simulator made, by id, in memory. */
export class ObjectStore {
  private readonly objects = new Map<string, StripeObject>();
  /** Card numbers stay out of every answer, as with Stripe; kept here to know each card's outcome. */
  readonly cardNumbers = new Map<string, string>();

  stored(): StoredObjects {
    return { objects: [...this.objects.values()], cardNumbers: [...this.cardNumbers] };
  }

  /** Takes back what `stored` gave, beside anything made since. */
  restore(stored: StoredObjects): number {
    for (const object of stored.objects) this.objects.set(object.id, object);
    for (const [id, number] of stored.cardNumbers) this.cardNumbers.set(id, number);
    return stored.objects.length;
  }

  put(object: StripeObject): StripeObject {
    this.objects.set(object.id, object);
    return object;
  }

  get(kind: string, id: string): StripeObject {
    const object = this.objects.get(id);
    if (!object || object.object !== kind) throw missing(kind, id);
    return object;
  }

  find(kind: string, match: (o: StripeObject) => boolean = () => true): StripeObject[] {
    return [...this.objects.values()].filter((o) => o.object === kind && match(o));
  }

  update(object: StripeObject, p: Json): StripeObject {
    for (const [key, value] of Object.entries(p)) {
      if (key === 'expand') continue;
      if (key === 'metadata') object.metadata = { ...(object.metadata as Json), ...(value as Json) };
      else object[key] = value;
    }
    return object;
  }

  /** A copy with the ids on the given paths (`customer`, `latest_invoice.payment_intent`) replaced by objects. */
  expand(object: StripeObject, paths: string[]): StripeObject {
    const copy: Json = structuredClone(object);
    for (const path of paths) {
      const [head, ...rest] = path.split('.');
      const value = copy[head!];
      if (typeof value === 'string' && this.objects.has(value)) {
        copy[head!] = this.expand(this.objects.get(value)!, rest.length ? [rest.join('.')] : []);
      } else if (value && typeof value === 'object' && rest.length) {
        copy[head!] = this.expand(value as StripeObject, [rest.join('.')]);
      }
    }
    return copy as StripeObject;
  }
}

/** What every resource works with: the objects, and the events their changes raise. */
export interface Simulation {
  store: ObjectStore;
  webhooks: Webhooks;
}
