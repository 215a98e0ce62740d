export interface Coverage {
  countries: number;
  topics: number;
  audiences: number;
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
