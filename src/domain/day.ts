/** A calendar day as `YYYY-MM-DD` (month 01–12, day 01–31): what the API and the CLI accept as a day. */
export const DAY_PATTERN = '^[0-9]{4}-(0[1-9]|1[0-2])-(0[1-9]|[12][0-9]|3[01])$';
