/** The keys of a search's `search_criteria`, as the spec names them (part of the wire contract, `schema.ts`). */

/**
 * Every key of `search_criteria` the spec names, in either variant of the interface (dagger keys included), plus
 * the two keys seen only in sample requests (`job_change_range_days`, `contact_method`). Unknown keys are refused:
 * a misspelt criterion would otherwise widen a paid search silently.
 */
export const SEARCH_CRITERIA_KEYS = [
  // Profile identification
  'id',
  'name',
  'email',
  'phone',
  'handle',
  'link',
  // Title and role
  'current_title',
  'previous_title',
  'current_or_previous_title',
  'department',
  'management_levels',
  // Current employer
  'current_employer',
  'employer',
  'company_name',
  'company_domain',
  'company_email',
  'company_website_url',
  // Previous employer
  'previous_employer',
  // Company attributes
  'company_size',
  'employees',
  'company_revenue',
  'revenue',
  'company_funding_min',
  'company_funding_max',
  'total_funding',
  'company_publicly_traded',
  'publicly_traded',
  // Company location
  'company_country_code',
  'geo',
  'state',
  'postal_code',
  'location',
  // Industry and sector
  'company_industry',
  'industry',
  'primary_industry',
  'company_industry_keywords',
  'industry_keywords',
  'company_naics_code',
  'naics_code',
  'naics_codes',
  'company_sic_code',
  'sic_code',
  'sic_codes',
  // Company intelligence
  'company_competitors',
  'competitors',
  'company_tag',
  'company_intent',
  'company_news_timestamp',
  'company_list',
  'company_list_id',
  // Education
  'school',
  'degree',
  'major',
  // Skills and experience
  'skills',
  'all_skills',
  'years_experience',
  'description',
  // Social
  'connections',
  // Healthcare
  'health_credentials',
  'health_license',
  'health_npi',
  'health_specialization',
  // Metadata (array-valued ones; `keyword`, `keywords` and `veteran_status` are typed below)
  'insight',
  'news_timestamp',
  'update_time',
  'is_primary',
  // Seen only in sample requests; allowed values not shown
  'job_change_range_days',
  'contact_method',
] as const;

export type SearchCriteriaKey =
  | (typeof SEARCH_CRITERIA_KEYS)[number]
  | 'keyword'
  | 'keywords'
  | 'veteran_status';
