import { distanceBetween, pageWindow, SEARCH_PAGE_SIZE, type LatLng, type SearchQuery, type VehicleSummary } from "@showroom/domain";
import type { Database, Db } from "../../db/client.ts";
import { boundedCache } from "../../platform/bounded-cache.ts";
import { keptView } from "../../platform/view-serializer.ts";
import { countedFacets, orderedIds, searchSnapshot, type SearchSnapshot } from "./search-index.ts";
import type { CountedFacets } from "./facets.ts";
import { lookupCentroid } from "./postal-centroids.ts";
import { inventoryRepo, type SummaryRow, type VehicleRow } from "./repo.ts";
import { toVehicleSummary, type ListingDealership } from "./vehicle-views.ts";

const NOT_FILTERS = new Set(["page", "sort", "location", "dealership_uid", "dealership_name"]);
/**
 * What the facet counts depend on: the filters, not the page, the order or the shopper's location.
 * Multi-value filters are sorted, so the same choices in another order share an entry.
 */
function facetKey(query: SearchQuery): string {
  let key = "";
  for (const name in query) {
    const value = query[name as keyof SearchQuery];
    if (value === undefined || NOT_FILTERS.has(name)) continue;
    // JSON keeps a value's own commas and quotes from running into the next filter's.
    key += `${name}:${typeof value === "number" ? value : JSON.stringify(Array.isArray(value) && value.length > 1 ? [...value].sort() : value)},`;
  }
  return key;
}

/**
 * The first pages of a search are kept as an ordered list of ids (as Solr's result window does): most
 * shoppers read those pages, and a page is then 50 rows read by primary key instead of a sort of the scope.
 */
const RESULT_WINDOW = 4 * SEARCH_PAGE_SIZE;

/** How many searches' filters are remembered to have been asked, so their answers are kept when asked again. */
const ASKED_FILTERS = 5000;

/** How many vehicles' rows read by id are kept (a few KB each). */
const VEHICLE_ROWS = 2000;

/** How many search cards are kept (a few KB each, row and answer). */
const CARDS = 20_000;

/**
 * How a page maps a row for its answer: each row's dealership, its distance when the shopper gave a location (else
 * null), `cardKeys` what one card's mapping depends on besides its row (its dealership's details and distance), and
 * `key` what the whole page's does.
 */
type View = { dealers: Map<number, ListingDealership>; distances: Map<number, number> | null; cardKeys: Map<number, string>; key: string };
type Card = { row: SummaryRow; revision: number; viewKey: string; summary: VehicleSummary };

function summaryOf(view: View, row: SummaryRow): VehicleSummary {
  return toVehicleSummary(row, view.dealers.get(row.dealershipId)!, view.distances ? (view.distances.get(row.dealershipId) ?? null) : null);
}

/** A dealership's details as a card's key, written once per listing object (listings are frozen and kept with their row). */
const listingJson = new WeakMap<ListingDealership, string>();
function listingKey(dealer: ListingDealership): string {
  let json = listingJson.get(dealer);
  if (json === undefined) listingJson.set(dealer, (json = JSON.stringify(dealer)));
  return json;
}

/** The sum of these dealerships' inventory revisions: the revision of a scope. */
function revisionSum(revisions: Map<number, number>, ids: number[]): number {
  let sum = 0;
  for (const id of ids) sum += revisions.get(id) ?? 0;
  return sum;
}

/** What a search's order depends on besides its filters: the sort, and for distance each dealership's distance. */
function orderKey(query: SearchQuery, distances: Map<number, number>): string {
  return query.sort === "distance" ? `distance:${distanceKey(distances)}` : query.sort;
}

function distanceKey(distances: Map<number, number>): string {
  return [...distances.values()].map((d) => d.toFixed(3)).join(",");
}

type Revisions = Map<number, number>;
/**
 * Revisions as this process knew them when asked, and `current`: whether they still were once the subscription had
 * caught up with every write committed before the ask (false when a write was notified meanwhile, or the round trip
 * failed).
 */
type RevisionsAsKnown = { revisions: Revisions; current: Promise<boolean> };
const CURRENT = Promise.resolve(true);

/**
 * The inventory revisions a search reads, kept from one read of them all until the vehicles' revision trigger
 * notifies a change (migration 0025), in this process or another (server processes, the import CLI). They count
 * once the subscription has caught up: on PostgreSQL a round trip on the listening connection, after which every
 * notification of a write committed before the search arrived has been handled (on PGlite the notification arrives
 * before the write settles). Reading the revisions for every search instead cost PostgreSQL three times the work of
 * that round trip and the server twice its own. While the subscription does not hold, every search reads them. On
 * both engines, the searches of one turn of the event loop share a read (jointReads).
 *
 * `asKnown` gives the kept revisions at once, with the round trip's verdict to wait for: a search works out its
 * answer while the round trip is under way and sends it once they proved current (else it works it out again on
 * `readAgain`'s). Waiting for the round trip before working cost the search call about a tenth of its throughput on
 * one PostgreSQL process.
 */
export function revisionReader(repo: Pick<ReturnType<typeof inventoryRepo>, "revisions" | "allRevisions">, listen: Database["listen"] | undefined) {
  const readNow = async (ids: number[]): Promise<RevisionsAsKnown> => ({ revisions: await repo.revisions(ids), current: CURRENT });
  let asKnown = jointReads(readNow);
  // A read made after the search arrived has every write committed before it.
  let readAgain = (ids: number[]) => repo.revisions(ids);
  if (listen) {
    let all: Promise<Revisions> | null = null;
    const subscription = listen(INVENTORY_REVISIONS_CHANNEL, () => void (all = null));
    const kept = (): Promise<Revisions> => {
      if (!all) {
        const reading = repo.allRevisions();
        all = reading;
        reading.catch(() => {
          if (all === reading) all = null;
        });
      }
      return all;
    };
    const only = (revisions: Revisions, ids: number[]) => new Map(ids.map((id) => [id, revisions.get(id) ?? 0]));
    asKnown = jointReads(async (ids: number[]) => {
      if (!subscription.live) return readNow(ids);
      // A notification resets `all`: still the same read once caught up, no write was committed since it was made.
      // A round trip that failed proves nothing, and what was kept is read again.
      const known = kept();
      const current = subscription.caughtUp().then(
        () => all === known,
        () => ((all = null), false),
      );
      try {
        return { revisions: only(await known, ids), current };
      } catch {
        return readNow(ids);
      }
    });
    // Once a search's kept revisions proved out of date, what is kept was read after it arrived (or is read now).
    readAgain = async (ids) => (subscription.live ? only(await kept(), ids) : repo.revisions(ids));
  }
  /** The revisions once caught up: read again when the kept ones were not current. */
  const revisionsOf = async (ids: number[]): Promise<Revisions> => {
    const known = await asKnown(ids);
    return (await known.current) ? known.revisions : readAgain(ids);
  };
  return Object.assign(revisionsOf, { asKnown, readAgain });
}

const NO_COUNTS: Promise<Map<number, number>> = Promise.resolve(new Map());

/**
 * Reads asked within one turn of the event loop made as one, started in its check phase, after the last of them was
 * asked: each answer still reflects every write committed before its search arrived. On PostgreSQL a loaded server
 * makes one round trip (one query while it is not listening) for several searches instead of one for each; on either
 * engine the searches of one turn then run, and
 * their answers go out, together, which the kernel and the clients take in fewer wake-ups: new searches a second
 * +25 % on PGlite under load (npm run bench), for one turn of the loop's latency.
 */
export function jointReads<T>(read: (ids: number[]) => Promise<T>) {
  let next: { ids: Set<number>; answer: Promise<T> } | null = null;
  return (ids: number[]): Promise<T> => {
    if (!next) {
      const joint = new Set<number>();
      const answer = new Promise<void>((resolve) => setImmediate(resolve)).then(() => {
        next = null;
        return read([...joint]);
      });
      next = { ids: joint, answer };
    }
    for (const id of ids) next.ids.add(id);
    return next.answer;
  };
}

/** What the vehicles' revision trigger notifies (migration 0025). */
const INVENTORY_REVISIONS_CHANNEL = "inventory_revisions";

export function inventoryService(db: Db, options: { listen?: Database["listen"] } = {}) {
  const repo = inventoryRepo(db);
  const revisionsOf = revisionReader(repo, options.listen);
  // Counting facets reads every vehicle in scope, which is most of a search's time on a big group, while
  // shoppers repeat the same few searches; an entry is keyed on the scope's inventory revision, so any
  // write to those vehicles (in any process) makes the next search count afresh.
  const facetCache = boundedCache<CountedFacets>(1000);
  const windowCache = boundedCache<number[]>(1000);
  // The pages shoppers open most (the first ones of popular searches), mapped for the answer, on the same revision keys.
  const pageCache = boundedCache<VehicleSummary[]>(200);
  const listedCountCache = boundedCache<Map<number, number>>(200);
  // The cards shown, with their dealership's inventory revision when read and as last mapped: a new search's page is
  // mostly vehicles earlier searches showed, and reading and mapping its 50 rows was most of a new search's time on PGlite.
  const cardCache = boundedCache<Card, number>(CARDS);

  // A details page reads its vehicle twice (its page settings, then the vehicle), and shoppers open the same vehicles
  // again and again: rows read by id are kept (frozen) with their dealership's inventory revision, read before the row,
  // so a kept row is never older than the data (a write in between only makes it read again sooner).
  const rowCache = boundedCache<{ row: VehicleRow; revision: number }, number>(VEHICLE_ROWS);
  async function rowById(dealershipIds: number[], id: number): Promise<VehicleRow | null> {
    const revisions = await revisionsOf(dealershipIds);
    const kept = rowCache.get(id);
    if (kept && dealershipIds.includes(kept.row.dealershipId) && kept.revision === revisions.get(kept.row.dealershipId)) return kept.row;
    const row = await repo.findInDealerships(dealershipIds, String(id));
    if (row) rowCache.set(id, { row: keptView(row), revision: revisions.get(row.dealershipId) ?? Number.NaN });
    return row;
  }

  /** These vehicles' cards in the order of `ids`, read from the database only where none is kept at its dealership's revision. */
  async function cards(ids: number[], revisions: Map<number, number>, view: View): Promise<VehicleSummary[]> {
    const kept = ids.map((id) => {
      const card = cardCache.get(id);
      return card && card.revision === revisions.get(card.row.dealershipId) ? card : undefined;
    });
    const missing = ids.filter((_, i) => kept[i] === undefined);
    const read = new Map(missing.length ? (await repo.summariesByIds(missing)).map((row) => [row.id, row]) : []);
    return ids.flatMap((id, i) => {
      let card = kept[i];
      if (!card) {
        const row = read.get(id);
        if (!row) return [];
        card = { row, revision: revisions.get(row.dealershipId) ?? Number.NaN, viewKey: view.cardKeys.get(row.dealershipId)!, summary: keptView(summaryOf(view, row)) };
        if (!Number.isNaN(card.revision)) cardCache.set(id, card);
      } else if (card.viewKey !== view.cardKeys.get(card.row.dealershipId)) {
        card.viewKey = view.cardKeys.get(card.row.dealershipId)!;
        card.summary = keptView(summaryOf(view, card.row));
      }
      return [card.summary];
    });
  }

  async function listedCounts(ids: number[], revision: number) {
    const key = `${revision}:${ids.join(",")}`;
    const hit = listedCountCache.get(key);
    if (hit) return hit;
    const counts = await repo.listedCounts(ids);
    listedCountCache.set(key, counts);
    return counts;
  }

  // Each dealership's listed vehicles, column by column, for counting facets in memory; read again once its
  // inventory revision moves (a write in any process), so the counts are never older than the data.
  const snapshots = new Map<number, { revision: number; snapshot: Promise<SearchSnapshot> }>();
  function snapshotOf(dealershipId: number, revision: number): Promise<SearchSnapshot> {
    const cached = snapshots.get(dealershipId);
    if (cached?.revision === revision) return cached.snapshot;
    const snapshot = repo.searchSources(dealershipId).then(searchSnapshot);
    snapshots.set(dealershipId, { revision, snapshot });
    snapshot.catch(() => {
      if (snapshots.get(dealershipId)?.snapshot === snapshot) snapshots.delete(dealershipId);
    });
    return snapshot;
  }

  // Most searches are asked once (filters combine in thousands of ways), and keeping their answers cost more than
  // working them out: kept answers outlive the young generation, so the collector copies them and then sweeps them out
  // of the old one (a fifth of a new search's processor time). The caches take a search's answers from the second
  // time its filters are asked (a "doorkeeper", as in TinyLFU), which is when they start to pay.
  const askedBefore = boundedCache<true>(ASKED_FILTERS);
  function secondAsking(filtersKey: string): boolean {
    if (askedBefore.get(filtersKey)) return true;
    askedBefore.set(filtersKey, true);
    return false;
  }

  /** `key` names the scope at its revision and the filters. */
  function facets(key: string, query: SearchQuery, scope: SearchSnapshot[], keep: boolean) {
    const hit = facetCache.get(key);
    if (hit) return hit;
    const built = countedFacets(scope, query);
    if (keep) facetCache.set(key, built);
    return built;
  }

  /** A page of the search as the answer sends it; the first pages of popular searches are kept whole. */
  async function page(ids: number[], query: SearchQuery, distances: Map<number, number>, scope: SearchSnapshot[], filtersKey: string, revisions: Map<number, number>, view: View, keep: boolean) {
    const { offset, limit } = pageWindow(query.page, SEARCH_PAGE_SIZE);
    if (offset + limit > RESULT_WINDOW) return (await repo.searchPage(ids, query, distances, offset, limit)).map((row) => summaryOf(view, row));
    const key = `${filtersKey}:${orderKey(query, distances)}`;
    const pageKey = `${key}:${offset}:${view.key}`;
    const cached = pageCache.get(pageKey);
    if (cached) return cached;
    let window = windowCache.get(key);
    if (!window) {
      // The distance as the SQL order compares it (orderBy writes each dealership's to three decimals).
      window = orderedIds(scope, query, (n) => Number((distances.get(ids[n]!) ?? 0).toFixed(3)), RESULT_WINDOW);
      if (keep) windowCache.set(key, window);
    }
    const summaries = await cards(window.slice(offset, offset + limit), revisions, view);
    if (keep) pageCache.set(pageKey, summaries);
    return summaries;
  }

  return {
    byIds: (ids: number[]) => repo.byIds(ids),

    async findForDealership(dealershipId: number, id: number) {
      return repo.findInDealerships([dealershipId], String(id));
    },

    /** What a vehicle overrides of its dealership's details-page settings, and what decides them; null when not its vehicle. */
    async pageSettingsSource(dealershipId: number, id: number): Promise<Pick<VehicleRow, "vdpSettings" | "condition" | "isCertified"> | null> {
      const row = await rowById([dealershipId], id);
      return row && { vdpSettings: row.vdpSettings, condition: row.condition, isCertified: row.isCertified };
    },

    listedByJatoId: (dealershipId: number, jatoId: string) => repo.listedByJatoId(dealershipId, jatoId),

    /** A vehicle's feed photo addresses and what its drawn picture needs, by id alone (the image route has no tenant). */
    photoSource: (id: number) => repo.photoSource(id),

    /** A deposit holds the vehicle for its shopper: false when another shopper holds it (or it is not listed). */
    hold: (dealershipId: number, vehicleId: number, customerId: number, until: Date, now: Date) => repo.hold(dealershipId, vehicleId, customerId, until, now),
    releaseHold: (dealershipId: number, vehicleId: number, customerId: number, now: Date) => repo.releaseHold(dealershipId, vehicleId, customerId, now),

    /** A vehicle of one of these dealerships (the tenant and its group), or null. */
    async find(dealers: ListingDealership[], idOrVin: string) {
      const ids = dealers.map((d) => d.id);
      const row = /^\d+$/.test(idOrVin) ? await rowById(ids, Number(idOrVin)) : await repo.findInDealerships(ids, idOrVin);
      if (!row) return null;
      return { row, dealer: dealers.find((d) => d.id === row.dealershipId)! };
    },

    /**
     * Searches the chosen dealerships; `group` lists every dealership the shopper may add, so the
     * dealership facet can offer them.
     */
    async search(input: { dealers: ListingDealership[]; group: ListingDealership[]; query: SearchQuery; origin: LatLng | null }) {
      const { dealers, group, query } = input;
      const ids = dealers.map((d) => d.id);
      const origin = input.origin ?? (query.location ? await lookupCentroid(query.location) : null);
      const distances = new Map(
        dealers.map((d) => [d.id, origin ? distanceBetween(origin, d.coords, d.lengthUnit) : 0]),
      );
      // One read of the revisions serves the search's scope and the group's counts.
      const groupIds = group.length > 1 ? group.map((d) => d.id) : [];
      const scopeIds = groupIds.length ? [...new Set([...ids, ...groupIds])] : ids;
      const showDistance = origin !== null;
      // The cards show each dealership's details (settings change them without an inventory write) and, when the
      // shopper gave a location, its distance.
      const cardKeys = new Map(dealers.map((d) => [d.id, showDistance ? `${listingKey(d)}:${distances.get(d.id)!.toFixed(3)}` : listingKey(d)]));
      const view: View = {
        dealers: new Map(dealers.map((d) => [d.id, d])),
        distances: showDistance ? distances : null,
        cardKeys,
        key: [...cardKeys.values()].join(","),
      };
      const answerAt = async (revisions: Revisions) => {
        const filtersKey = `${revisionSum(revisions, ids)}:${ids.join(",")}:${facetKey(query)}`;
        const scope = await Promise.all(ids.map((id) => snapshotOf(id, revisions.get(id) ?? 0)));
        const keep = secondAsking(filtersKey);
        const [results, { count, facets: counted }, groupCounts] = await Promise.all([
          page(ids, query, distances, scope, filtersKey, revisions, view, keep),
          facets(filtersKey, query, scope, keep),
          groupIds.length ? listedCounts(groupIds, revisionSum(revisions, groupIds)) : NO_COUNTS,
        ]);
        return {
          count,
          facets: {
            ...counted,
            dealership: group.length > 1 ? group.map((d) => ({ value: d.uid, name: d.name, count: groupCounts.get(d.id) ?? 0 })) : [],
          },
          results,
        };
      };
      // Worked out while the round trip that proves the kept revisions current is under way.
      const known = await revisionsOf.asKnown(scopeIds);
      const answer = await answerAt(known.revisions);
      return (await known.current) ? answer : answerAt(await revisionsOf.readAgain(scopeIds));
    },

    pricingRows: (dealershipId: number) => repo.pricingRows(dealershipId),
    storePayments: (rows: Parameters<typeof repo.storePayments>[0]) => repo.storePayments(rows),

    colours: (dealershipId: number, filter: { year?: number | undefined; make?: string | undefined; model?: string | undefined }) =>
      repo.distinctColours(dealershipId, filter),
  };
}
export type InventoryService = ReturnType<typeof inventoryService>;
