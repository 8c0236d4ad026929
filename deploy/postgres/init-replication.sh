#!/bin/bash
# Runs once, when the primary's data folder is created: the replica's login and its pg_hba line.
set -euo pipefail
psql -v ON_ERROR_STOP=1 --username "$POSTGRES_USER" --dbname "$POSTGRES_DB" \
  -c "create role replicator with replication login password '${REPLICATION_PASSWORD}'"
echo "host replication replicator all scram-sha-256" >>"$PGDATA/pg_hba.conf"
