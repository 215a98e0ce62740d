import { geoConicConformal, geoPath } from 'd3-geo';
import { polygonArea, polygonCentroid, polygonHull } from 'd3-polygon';
import { feature } from 'topojson-client';
import { fewestPoints } from './fewest-points';
import { MAP_HEIGHT, MAP_WIDTH } from '../src/features/geo/map-size';
import type { GeometryCollection, Topology } from 'topojson-specification';
import type { Feature, FeatureCollection, Geometry } from 'geojson';

/** ISO 3166-1 numeric codes (world-atlas ids) of the covered countries. */
const NUMERIC: Record<string, string> = {
  ES: '724',
  PT: '620',
  FR: '250',
  IT: '380',
  DE: '276',
  AT: '040',
  CH: '756',
  BE: '056',
  NL: '528',
  LU: '442',
  IE: '372',
  GB: '826',
  DK: '208',
  SE: '752',
  NO: '578',
  FI: '246',
  PL: '616',
  CZ: '203',
  HU: '348',
  RO: '642',
  GR: '300',
  TR: '792',
  AE: '784',
  SA: '682',
  IL: '376',
  ZA: '710',
  MA: '504',
};

export interface MapShape {
  /** Alpha-2 code of a covered country, empty for the others drawn as context. */
  code: string;
  d: string;
}

export interface CoverageMap {
  width: number;
  height: number;
  shapes: MapShape[];
}

/**
 * The map of the covered countries, drawn once at build time from public map
 * data (world-atlas), so visitors download paths, not a map library.
 */
export function buildCoverageMap(codes: string[], width = MAP_WIDTH, height = MAP_HEIGHT): CoverageMap {
  const byNumeric = new Map(Object.entries(NUMERIC).map(([alpha, numeric]) => [numeric, alpha]));
  const coarse = countriesOf('world-atlas/countries-110m.json');
  // The coarse data leaves out the smallest countries (Luxembourg): take those from the finer one.
  const missing = new Set(codes.map((code) => NUMERIC[code]).filter((id) => !coarse.some((country) => String(country.id) === id)));
  const countries = [...coarse, ...countriesOf('world-atlas/countries-50m.json').filter((country) => missing.has(String(country.id)))];
  const covered = countries.filter((country) => codes.includes(byNumeric.get(String(country.id)) ?? ''));

  const projection = geoConicConformal().rotate([-20, 0]).parallels([10, 55]);
  projection.fitExtent(
    [
      [8, 8],
      [width - 8, height - 8],
    ],
    { type: 'FeatureCollection', features: covered } as FeatureCollection,
  );
  projection.clipExtent([
    [0, 0],
    [width, height],
  ]);
  const path = geoPath(projection).digits(0);
  return {
    width,
    height,
    shapes: countries
      .map((country) => {
        const code = byNumeric.get(String(country.id)) ?? '';
        return { code: codes.includes(code) ? code : '', d: path(country) ?? '' };
      })
      .filter((shape) => shape.d),
  };
}

function countriesOf(file: string): Feature<Geometry>[] {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const world = require(file) as Topology<{ countries: GeometryCollection }>;
  return (feature(world, world.objects.countries) as FeatureCollection<Geometry>).features;
}

/** A covered country as a link target over the map: the hull of its largest land mass, in the map's coordinates. */
export interface MapArea {
  code: string;
  /** For <polygon points>: "x,y x,y …". */
  points: string;
}

/**
 * The areas that pick a country over the map image: a few points per country
 * (the convex hull of its largest ring, at most eight points), so pages carry
 * a kilobyte, not the map's paths. The smallest countries come last, drawn on
 * top, so a click on Luxembourg or Switzerland is theirs, not their neighbours'.
 */
const MIN_AREA = 150;
const MAX_POINTS = 8;

export function coverageAreas(codes: string[]): MapArea[] {
  const areas = buildCoverageMap(codes)
    .shapes.filter((shape) => shape.code)
    .map((shape) => {
      const rings = shape.d
        .split('M')
        .filter(Boolean)
        .map((ring) =>
          ring
            .replace(/Z/g, '')
            .split('L')
            .map((point) => point.split(',').map(Number) as [number, number]),
        );
      const largest = rings.reduce((best, ring) => (Math.abs(polygonArea(ring)) > Math.abs(polygonArea(best)) ? ring : best));
      const hull = fewestPoints(polygonHull(largest) ?? largest, MAX_POINTS);
      // The smallest (Luxembourg: a few pixels) grow around their centre to something a finger can hit.
      const size = Math.abs(polygonArea(hull));
      const [cx, cy] = polygonCentroid(hull);
      const grow = size < MIN_AREA ? Math.sqrt(MIN_AREA / Math.max(size, 1)) : 1;
      const points = hull.map(([x, y]) => `${Math.round(cx + (x - cx) * grow)},${Math.round(cy + (y - cy) * grow)}`).join(' ');
      return { code: shape.code, size, points };
    });
  return areas.sort((a, b) => b.size - a.size).map(({ code, points }) => ({ code, points }));
}

/** The map as a standalone SVG document (served as a file, so pages carry no path data). */
export function coverageMapSvg(codes: string[]): string {
  const map = buildCoverageMap(codes);
  const paths = map.shapes
    .map(
      (shape) => `<path d="${shape.d}" fill="${shape.code ? '#9DB2FF' : '#E9EDF5'}"${shape.code ? ` data-country="${shape.code}"` : ''}/>`,
    )
    .join('');
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${map.width} ${map.height}" width="${map.width}" ` +
    `height="${map.height}"><g stroke="#FFFFFF" stroke-width="0.75" stroke-linejoin="round">${paths}</g></svg>\n`
  );
}
