/**
 * The home page's icons drawn by CSS (./css-icons.tsx), by lucide-react's names (the generator checks each is one):
 * the categories' (the API names each topic's), the channels', the contact section's points'. Apart from the
 * generator (site/build/css-icons-stylesheet.ts), which loads lucide-react, so that the browser's code holds the names only.
 */
export const CSS_ICONS = [
  'Car',
  'Clapperboard',
  'Cpu',
  'Bike',
  'Landmark',
  'Plane',
  'ShoppingBag',
  'Sparkles',
  'UtensilsCrossed',
  'Zap',
  'Monitor',
  'PlayCircle',
  'Tv',
  'Headphones',
  'Signpost',
  'Smartphone',
  'Database',
  'Workflow',
  'Target',
  'Clock',
  'ShieldCheck',
] as const;

export type CssIconName = (typeof CSS_ICONS)[number];
