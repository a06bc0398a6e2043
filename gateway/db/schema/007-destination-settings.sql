-- A destination's own data (its key or token, a webhook's address and signing secret, sealed) is its settings, as
-- the glossary in docs/architecture.md names it (`DestinationSettings`); "connection" names only the service's
-- address and key. A rename keeps every row, its type, its place among the columns and its constraint as they were.
alter table destinations rename column connection to settings;
