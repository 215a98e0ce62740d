export interface Coverage {
  countries: number;
  topics: number;
  audiences: number;
  /** `audiences` as the page's language writes it (gatsby-node formats it at build time). */
  audiencesText: string;
  onlineUsers: number;
}

export interface TopicData {
  slug: string;
  name: string;
  description: string;
  icon: string;
}

export interface CountryData {
  code: string;
  name: string;
}

/** A covered country's link area over the coverage map (gatsby-node, SegmentiaMapArea). */
export interface MapAreaData {
  code: string;
  points: string;
}
