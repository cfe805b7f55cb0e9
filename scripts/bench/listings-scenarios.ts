// The browse/search/filter combinations the listings bench times and explain-listings.ts explains: [name, query].
export const BROWSE_SCENARIOS: Array<[string, string]> = [
  ['browse.newest', ''],
  ['browse.category_price_sort', '?category=game&minPrice=5000&maxPrice=50000&sort=price_asc'],
  ['browse.platform_region', '?platform=valorant&region=europe'],
  ['browse.attributes', '?verified=true&originalEmail=true&twoFactorRemovable=true&sort=price_desc'],
  ['browse.most_viewed', '?sort=most_viewed'],
  ['browse.min_followers_by_price', '?minFollowers=500000&sort=price_asc'],
  ['browse.capped_count_few', '?category=social&minFollowers=1500000'],
  ['browse.min_items_rare_by_price', '?minItems=395&sort=price_asc'],
  ['browse.min_age_rare_most_viewed', '?minAgeMonths=139&sort=most_viewed'],
  ['browse.search', '?q=immortal'],
  ['browse.search_common_word', '?q=account'],
  ['browse.search_common_word_by_price', '?q=account&sort=price_asc'],
  ['browse.search_rare_phrase', '?q=netflix%20account'],
  ['browse.search_filters', '?q=fitness&category=social&minFollowers=10000&sort=most_viewed'],
];
