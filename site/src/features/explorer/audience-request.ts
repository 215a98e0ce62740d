import { useSyncExternalStore } from 'react';
import { REQUESTED_AUDIENCES } from '@segmentia/contracts/contact';

/** An audience the visitor added to the request, as the explorer showed it. */
export interface SelectedAudience {
  /** ISO code of its country, e.g. DE. */
  country: string;
  /** The catalogue's audience id, e.g. motorsport-fans: what the API takes. */
  audience: string;
  segmentId: string;
  /** Its topic's slug. */
  topic: string;
  /** Its name in `locale` (the page's language when it was added, until the explorer or the form renames it). */
  name: string;
  locale: string;
  reach: number;
}

/** The selection's place in sessionStorage: it lasts the visit (the tab), no cookie. */
export const SELECTION_KEY = 'segmentia-audiences';
export const MAX_SELECTED = REQUESTED_AUDIENCES.max;

const EMPTY: readonly SelectedAudience[] = [];
const keyOf = (item: Pick<SelectedAudience, 'country' | 'audience'>) => `${item.country}:${item.audience}`;

const isSelected = (value: unknown): value is SelectedAudience => {
  const item = value as Partial<SelectedAudience> | null;
  return (
    typeof item === 'object' &&
    item !== null &&
    typeof item.country === 'string' &&
    REQUESTED_AUDIENCES.country.test(item.country) &&
    typeof item.audience === 'string' &&
    REQUESTED_AUDIENCES.audience.test(item.audience) &&
    typeof item.segmentId === 'string' &&
    typeof item.topic === 'string' &&
    typeof item.name === 'string' &&
    typeof item.locale === 'string' &&
    typeof item.reach === 'number' &&
    Number.isFinite(item.reach)
  );
};

/** The selection kept in `storage`: well-formed items only, each once, at most MAX_SELECTED; empty when unreadable. */
export function readSelection(storage: Pick<Storage, 'getItem'>): SelectedAudience[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(storage.getItem(SELECTION_KEY) ?? '[]');
  } catch {
    return [];
  }
  if (!Array.isArray(parsed)) return [];
  const unique = new Map(parsed.filter(isSelected).map((item) => [keyOf(item), item]));
  return [...unique.values()].slice(0, MAX_SELECTED);
}

let current: readonly SelectedAudience[] | null = null;
const listeners = new Set<() => void>();

const storage = (): Storage | null => {
  try {
    return window.sessionStorage;
  } catch {
    // Storage refused (a privacy setting): the selection lasts the page.
    return null;
  }
};

const snapshot = () =>
  (current ??= (() => {
    const kept = storage();
    return kept ? readSelection(kept) : EMPTY;
  })());

function change(next: readonly SelectedAudience[]) {
  current = next;
  try {
    const kept = storage();
    if (next.length) kept?.setItem(SELECTION_KEY, JSON.stringify(next));
    else kept?.removeItem(SELECTION_KEY);
  } catch {
    // Full or refused: the selection still lasts the page.
  }
  listeners.forEach((listener) => listener());
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => void listeners.delete(listener);
};

/** The visitor's selection of audiences to request: empty on the server and in the HTML, then the visit's. */
export const useSelectedAudiences = () => useSyncExternalStore(subscribe, snapshot, () => EMPTY);

type AudienceKey = Pick<SelectedAudience, 'country' | 'audience'>;

export const isInSelection = (selection: readonly AudienceKey[], item: AudienceKey) =>
  selection.some((selected) => keyOf(selected) === keyOf(item));

/** Adds an audience to the selection; false when the selection is full (the API takes at most MAX_SELECTED). */
export function selectAudience(item: SelectedAudience): boolean {
  const selection = snapshot();
  if (isInSelection(selection, item)) return true;
  if (selection.length >= MAX_SELECTED) return false;
  change([...selection, item]);
  return true;
}

export function unselectAudience(item: Pick<SelectedAudience, 'country' | 'audience'>): void {
  change(snapshot().filter((selected) => keyOf(selected) !== keyOf(item)));
}

export function clearSelection(): void {
  change(EMPTY);
}

/** The selected audience with the largest reach (the summary's figure: reaches overlap, so they do not add up). */
export const largestOf = (selection: readonly SelectedAudience[]) =>
  selection.reduce<SelectedAudience | undefined>((largest, item) => (!largest || item.reach > largest.reach ? item : largest), undefined);

/**
 * Names the selected audiences found in `audiences` (one country's, in `locale`) as they are there: a visitor who changes language sees
 * them in the new one.
 */
export function renameSelected(
  country: string,
  locale: string,
  audiences: readonly { id: string; interest: string; audienceSize: number }[],
): void {
  const byId = new Map(audiences.map((audience) => [audience.id, audience]));
  let renamed = false;
  const next = snapshot().map((item) => {
    const found = item.country === country ? byId.get(item.audience) : undefined;
    if (!found || (item.locale === locale && item.name === found.interest && item.reach === found.audienceSize)) return item;
    renamed = true;
    return { ...item, name: found.interest, locale, reach: found.audienceSize };
  });
  if (renamed) change(next);
}
