-- One database per service (each service owns its schema and runs its own migrations at start).
-- The official postgres image runs this once, when it initialises an empty data directory, as
-- POSTGRES_USER, who therefore owns all six. For production, prefer one role per database.
CREATE DATABASE identity;
CREATE DATABASE payments;
CREATE DATABASE events;
CREATE DATABASE venues;
CREATE DATABASE messaging;
CREATE DATABASE admin;
