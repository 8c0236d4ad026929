import { createHash } from 'node:crypto'

/*
 * The shared page store's Lua scripts (decision 034), each one atomic in Redis: find a page valid against its tags'
 * purge times, keep a page unless a tag was purged after its render began, record purges, prepare a build's purge
 * hash. Their keys and arguments are shared-page-store.server.ts's.
 */

/*
 * Times are Redis's (TIME, in microseconds, exact in Lua's doubles and JavaScript's numbers): every process compares
 * against one clock, fine enough that a purge and a look-up are never in the same tick. `nowS`: as text, to store.
 */
const NOW = `local t = redis.call('TIME')
local nowS = t[1] .. string.format('%06d', tonumber(t[2]))
local now = tonumber(nowS)`

/** The purge hash's times of '@' (when it began) and of the tags in `tags` (one a line), from KEYS[2]. */
const TIMES = `local function times(tags)
  local names = { '@' }
  for tag in string.gmatch(tags, '[^\\n]+') do names[#names + 1] = tag end
  return redis.call('HMGET', KEYS[2], unpack(names))
end
local function purgedSince(tags, started)
  local at = times(tags)
  if not at[1] then return true end
  for i = 1, #at do
    if at[i] and tonumber(at[i]) >= started then return true end
  end
  return false
end`

/**
 * [time, meta, body, render began, TTL ms, tags] of a valid page, or [time]. KEYS: page, purges. A page one of whose
 * tags was purged after its render began, or with no purge hash (or one begun after it), is deleted.
 */
const FIND = `${NOW}
${TIMES}
local f = redis.call('HMGET', KEYS[1], 's', 't', 'm', 'b')
if not f[1] then return { now } end
if purgedSince(f[2], tonumber(f[1])) then
  redis.call('DEL', KEYS[1])
  return { now }
end
return { now, f[3], f[4], f[1], redis.call('PTTL', KEYS[1]), f[2] }`

/**
 * Keeps a page unless one of its tags was purged since its render began. KEYS: page, purges. ARGV: render began (µs),
 * TTL ms, tags (one a line), meta, body, longest TTL ms, longest render µs. Answers 1 when kept. With no purge hash
 * (evicted, expired), one is begun: renders from now on are kept.
 */
const KEEP = `${NOW}
${TIMES}
local started = tonumber(ARGV[1])
if now - started > tonumber(ARGV[7]) then return 0 end
if redis.call('EXISTS', KEYS[2]) == 0 then
  redis.call('HSET', KEYS[2], '@', nowS)
  redis.call('PEXPIRE', KEYS[2], ARGV[6])
  return 0
end
if purgedSince(ARGV[3], started) then return 0 end
redis.call('HSET', KEYS[1], 's', ARGV[1], 't', ARGV[3], 'm', ARGV[4], 'b', ARGV[5])
redis.call('PEXPIRE', KEYS[1], math.min(tonumber(ARGV[2]), tonumber(ARGV[6])))
redis.call('PEXPIRE', KEYS[2], ARGV[6])
return 1`

/**
 * Records a purge of the tags (ARGV[3..]). '*', or no purge hash, begins a new one: every page rendered before now
 * is invalid. KEYS: purges. ARGV: longest TTL ms, prune interval ms. Times older than the longest TTL are dropped
 * once in a while: every page rendered before them has expired.
 */
const PURGE = `${NOW}
local all = false
for i = 3, #ARGV do
  if ARGV[i] == '*' then all = true end
end
if all or redis.call('EXISTS', KEYS[1]) == 0 then
  redis.call('DEL', KEYS[1])
  redis.call('HSET', KEYS[1], '@', nowS, '#', nowS)
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  return 1
end
for i = 3, #ARGV do redis.call('HSET', KEYS[1], ARGV[i], nowS) end
local oldest = now - tonumber(ARGV[1]) * 1000
if now - tonumber(redis.call('HGET', KEYS[1], '#') or '0') >= tonumber(ARGV[2]) * 1000 then
  local fields = redis.call('HGETALL', KEYS[1])
  for i = 1, #fields, 2 do
    local name = fields[i]
    if name ~= '@' and name ~= '#' and tonumber(fields[i + 1]) < oldest then redis.call('HDEL', KEYS[1], name) end
  end
  redis.call('HSET', KEYS[1], '#', nowS)
end
return 1`

/** Begins the purge hash when there is none (a new build), so pages rendered from now on can be kept. */
const PREPARE = `${NOW}
if redis.call('HSETNX', KEYS[1], '@', nowS) == 1 then
  redis.call('HSET', KEYS[1], '#', nowS)
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
end
return 1`

/** A Lua script sent by its SHA-1 once Redis has it (EVALSHA), whole the first time. */
export interface Script {
  lua: string
  sha: string
}
const script = (lua: string): Script => ({ lua, sha: createHash('sha1').update(lua).digest('hex') })
export const SCRIPTS = { find: script(FIND), keep: script(KEEP), purge: script(PURGE), prepare: script(PREPARE) }
