import { ListTotals } from '@linksmate/platform';
import type {
  AvailabilityStatus,
  DiscoveryQuery,
  DiscoveryReply,
  GolfersQuery,
  GolfersReply,
} from '@linksmate/proto';
import type { Db } from '../../db/types';
import { type DirectoryFilters, type DirectoryPage, DirectoryRepository } from './repository';

/** The filter's "Playing" is the stored "playing"; an empty filter is no filter (docs/product.md#community-states). */
function filtersOf(query: DiscoveryQuery): DirectoryFilters {
  const status = query.availability_status;
  return {
    skillLevel: query.skill_level || undefined,
    availabilityStatus:
      status === 'Playing' ? 'playing' : (status as AvailabilityStatus | '' | undefined) || undefined,
  };
}

/**
 * Finding other golfers (docs/product.md#account-screens featured golfers, spec 2 "Player Discovery"): only verified,
 * visible, active people, never the viewer, nobody on either side of a block with the viewer.
 */
export class DirectoryService {
  private readonly directory: DirectoryRepository;
  private readonly totals = new ListTotals();

  /** `db`: the runtime's `preparedDb` (every query here is a prepared statement). */
  constructor(db: Db) {
    this.directory = new DirectoryRepository(db);
  }

  async discover(viewerId: number, query: DiscoveryQuery): Promise<DiscoveryReply> {
    const page = { viewerId, filters: filtersOf(query), limit: query.limit, offset: query.offset };
    const { rows, hiddenFromViewer } = await this.directory.playerCards(page);
    return { users: rows, total_count: await this.total(page, rows.length, hiddenFromViewer) };
  }

  async golfers(viewerId: number, { page, limit }: GolfersQuery): Promise<GolfersReply> {
    const shown = { viewerId, filters: {}, limit, offset: (page - 1) * limit };
    const { rows, hiddenFromViewer } = await this.directory.golferItems(shown);
    return { users: rows, page, limit, total: await this.total(shown, rows.length, hiddenFromViewer) };
  }

  /** `hiddenFromViewer` came with the page when it held anyone; otherwise it is counted on its own. */
  private total(page: DirectoryPage, rows: number, hiddenFromViewer: number | undefined): Promise<number> {
    const { viewerId, filters } = page;
    return this.totals.total(
      { offset: page.offset, limit: page.limit, rows },
      {
        countUpTo: (cap) => this.directory.countUpTo(viewerId, filters, cap),
        shared: {
          key: `${filters.skillLevel ?? ''}|${filters.availabilityStatus ?? ''}`,
          count: () => this.directory.countAll(filters),
        },
        countHiddenFromCaller: async () =>
          hiddenFromViewer ?? (await this.directory.countHiddenFrom(viewerId, filters)),
      },
    );
  }
}
