/*
 * Washboard's device authentication for Mosquitto 2.0 (plugin API version 5).
 *
 * Mosquitto's dynamic-security plugin needs one client and one role per device, and Mosquitto 2.0
 * rewrites its whole configuration after each command, so bringing 10,000 machines in at once took
 * hours (docs/benchmarks.md, "Product import"). This plugin asks Washboard's PostgreSQL instead, as
 * the embedded broker asks the server: a product's stored secret hash is its broker identity, so an
 * import or a re-issued secret needs no broker command.
 *
 * - A client whose username is a product's serial number is that machine: it must use the serial
 *   number as its client id and the device secret as its password (SHA-256, compared in constant
 *   time with `appliances.secret_hash`). Any other username is left to the next plugin (dynamic
 *   security: the server's own user, administrators).
 * - A machine may publish below `wb/v1/{serial}/` except to its `cmd` and `error` topics, and
 *   subscribe to exactly those two; nothing else (docs/device-protocol.md).
 * - The server ends a machine's connection when it deletes the product or re-issues its secret, by
 *   publishing its serial number to `$CONTROL/washboard-devices/v1` (see on_control).
 * - When the database cannot answer, the plugin defers: machines are refused until it answers again
 *   (a new connection to it is tried at most every RETRY_SECONDS), and the dynamic-security users
 *   still sign in.
 *
 * Options (mosquitto.conf, after `plugin /path/to/washboard_auth.so`):
 *   plugin_opt_database  libpq connection string or URI of Washboard's database (required); the
 *                        role needs only SELECT on appliances (docs/configuration.md).
 *
 * Build: `make` in this directory (needs mosquitto-dev, libmosquitto-dev, libpq-dev, libssl-dev).
 */
#define _GNU_SOURCE /* tdestroy */
#include <search.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <libpq-fe.h>
#include <mosquitto.h>
#include <mosquitto_broker.h>
#include <mosquitto_plugin.h>
#include <openssl/crypto.h>
#include <openssl/evp.h>

/* The device topics of packages/contracts/src/device/protocol.ts (TOPIC_ROOT, CLOUD_TOPICS). */
#define TOPIC_ROOT "wb/v1/"
#define COMMAND_TOPIC "cmd"
#define ERROR_TOPIC "error"
#define CONTROL_TOPIC "$CONTROL/washboard-devices/v1"

#define SERIAL_CHARACTERS "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"
#define LOOKUP "select secret_hash from appliances where serial_number = $1"
#define SHA256_HEX 64

static mosquitto_plugin_id_t *plugin_id;
static char *conninfo;
static PGconn *db;
/* The usernames signed in as machines: the access checks are theirs to decide (a tsearch tree). */
static void *devices;

static int compare(const void *a, const void *b) { return strcmp(a, b); }

static int is_device(const char *username) {
	return username != NULL && tfind(username, &devices, compare) != NULL;
}

static void remember(const char *username) {
	if (is_device(username)) return;
	char *copy = strdup(username);
	if (copy != NULL && tsearch(copy, &devices, compare) == NULL) free(copy);
}

static void forget(const char *username) {
	void *found = tfind(username, &devices, compare);
	if (found == NULL) return;
	char *key = *(char **)found;
	tdelete(username, &devices, compare);
	free(key);
}

/*
 * Mosquitto runs plugins on its one thread: a database that does not answer must not be asked again
 * at every connection attempt of a whole fleet, each waiting for its connect timeout.
 */
#define RETRY_SECONDS 5
static time_t failed_at;

static int connected(void) {
	if (db != NULL && PQstatus(db) == CONNECTION_OK) return 1;
	time_t now = time(NULL);
	if (failed_at != 0 && now - failed_at < RETRY_SECONDS) return 0;
	failed_at = 0;
	if (db == NULL) {
		/*
		 * Defaults first, so that the operator's string overrides them: a database host that stops
		 * answering must hold the broker for seconds, not for TCP's minutes.
		 */
		const char *keywords[] = {"connect_timeout", "tcp_user_timeout", "keepalives_idle", "options", "dbname", NULL};
		const char *values[] = {"3", "3000", "10", "-c statement_timeout=2000", conninfo, NULL};
		db = PQconnectdbParams(keywords, values, 1);
	} else {
		PQreset(db);
	}
	if (PQstatus(db) != CONNECTION_OK) {
		mosquitto_log_printf(MOSQ_LOG_WARNING, "washboard-auth: cannot reach the database (next try in %d s): %s", RETRY_SECONDS, PQerrorMessage(db));
		failed_at = now;
		return 0;
	}
	PGresult *prepared = PQprepare(db, "lookup", LOOKUP, 1, NULL);
	int ok = PQresultStatus(prepared) == PGRES_COMMAND_OK;
	if (!ok) mosquitto_log_printf(MOSQ_LOG_ERR, "washboard-auth: %s", PQerrorMessage(db));
	PQclear(prepared);
	if (!ok) {
		PQfinish(db);
		db = NULL;
		failed_at = now;
	}
	return ok;
}

/*
 * The stored secret hash of `serial` into `hash`: 1 when a product has the serial number, 0 when
 * none has, -1 when the database did not answer (one new connection is tried first).
 */
static int stored_hash(const char *serial, char hash[SHA256_HEX + 1]) {
	for (int attempt = 0; attempt < 2; attempt += 1) {
		if (!connected()) return -1;
		const char *params[1] = {serial};
		PGresult *result = PQexecPrepared(db, "lookup", 1, params, NULL, NULL, 0);
		if (PQresultStatus(result) == PGRES_TUPLES_OK) {
			int found = PQntuples(result) == 1;
			if (found) {
				strncpy(hash, PQgetvalue(result, 0, 0), SHA256_HEX);
				hash[SHA256_HEX] = '\0';
			}
			PQclear(result);
			return found;
		}
		mosquitto_log_printf(MOSQ_LOG_WARNING, "washboard-auth: device lookup failed: %s", PQerrorMessage(db));
		PQclear(result);
		if (PQstatus(db) == CONNECTION_OK) return -1;
	}
	return -1;
}

static void sha256_hex(const char *text, char out[SHA256_HEX + 1]) {
	unsigned char digest[32];
	unsigned int length = 0;
	EVP_Digest(text, strlen(text), digest, &length, EVP_sha256(), NULL);
	static const char hex[] = "0123456789abcdef";
	for (int i = 0; i < 32; i += 1) {
		out[2 * i] = hex[digest[i] >> 4];
		out[2 * i + 1] = hex[digest[i] & 15];
	}
	out[SHA256_HEX] = '\0';
}

/* Whether `name` can be a serial number: 4-40 of A-Z a-z 0-9 - _ (docs/device-protocol.md), so never a topic wildcard or level. */
static int serial_shaped(const char *name) {
	size_t length = strlen(name);
	return length >= 4 && length <= 40 && strspn(name, SERIAL_CHARACTERS) == length;
}

static int on_basic_auth(int event, void *event_data, void *userdata) {
	(void)event;
	(void)userdata;
	struct mosquitto_evt_basic_auth *ed = event_data;
	if (ed->username == NULL || !serial_shaped(ed->username)) return MOSQ_ERR_PLUGIN_DEFER;
	char stored[SHA256_HEX + 1];
	int found = stored_hash(ed->username, stored);
	if (found != 1) return MOSQ_ERR_PLUGIN_DEFER;
	const char *client_id = mosquitto_client_id(ed->client);
	if (ed->password == NULL || client_id == NULL || strcmp(client_id, ed->username) != 0) return MOSQ_ERR_AUTH;
	char given[SHA256_HEX + 1];
	sha256_hex(ed->password, given);
	/* A deleted product's hash is empty: nothing matches it. */
	if (strlen(stored) != SHA256_HEX || CRYPTO_memcmp(given, stored, SHA256_HEX) != 0) return MOSQ_ERR_AUTH;
	remember(ed->username);
	return MOSQ_ERR_SUCCESS;
}

/* The topic name after `wb/v1/{serial}/` (one level), or NULL when the topic is not one of the machine's own. */
static const char *own_topic(const char *topic, const char *serial) {
	size_t root = strlen(TOPIC_ROOT);
	size_t serial_length = strlen(serial);
	if (strncmp(topic, TOPIC_ROOT, root) != 0) return NULL;
	if (strncmp(topic + root, serial, serial_length) != 0 || topic[root + serial_length] != '/') return NULL;
	const char *name = topic + root + serial_length + 1;
	return strchr(name, '/') == NULL ? name : NULL;
}

static int is_cloud_topic(const char *name) {
	return strcmp(name, COMMAND_TOPIC) == 0 || strcmp(name, ERROR_TOPIC) == 0;
}

static int on_acl_check(int event, void *event_data, void *userdata) {
	(void)event;
	(void)userdata;
	struct mosquitto_evt_acl_check *ed = event_data;
	const char *username = mosquitto_client_username(ed->client);
	if (!is_device(username)) return MOSQ_ERR_PLUGIN_DEFER;
	const char *name = own_topic(ed->topic, username);
	switch (ed->access) {
		case MOSQ_ACL_WRITE:
			return name != NULL && name[0] != '\0' && !is_cloud_topic(name) ? MOSQ_ERR_SUCCESS : MOSQ_ERR_ACL_DENIED;
		case MOSQ_ACL_SUBSCRIBE:
		case MOSQ_ACL_READ:
			return name != NULL && is_cloud_topic(name) ? MOSQ_ERR_SUCCESS : MOSQ_ERR_ACL_DENIED;
		case MOSQ_ACL_UNSUBSCRIBE:
			return MOSQ_ERR_SUCCESS;
		default:
			return MOSQ_ERR_ACL_DENIED;
	}
}

/*
 * The server's control message: a first line the answer repeats (a correlation id), then the serial
 * numbers whose connection ends now, one per line. The answer goes to the sender alone, on
 * `CONTROL_TOPIC/response`, once they are disconnected: the server also uses an empty list to learn
 * at start that the plugin is loaded.
 */
static int on_control(int event, void *event_data, void *userdata) {
	(void)event;
	(void)userdata;
	struct mosquitto_evt_control *ed = event_data;
	/* An error answered here would disconnect the server: it is logged instead. */
	char *text = strndup(ed->payload, ed->payloadlen);
	if (text == NULL) {
		mosquitto_log_printf(MOSQ_LOG_ERR, "washboard-auth: out of memory reading a control message");
		return MOSQ_ERR_SUCCESS;
	}
	char *serials = strchr(text, '\n');
	if (serials != NULL) *serials++ = '\0';
	char *saved = NULL;
	/* strtok_r must not start on NULL: a message of only the id (the server's start check) has no list. */
	for (char *serial = serials ? strtok_r(serials, "\r\n", &saved) : NULL; serial != NULL; serial = strtok_r(NULL, "\r\n", &saved)) {
		forget(serial);
		mosquitto_kick_client_by_username(serial, false);
	}
	const char *id = text;
	if (id[0] != '\0' && mosquitto_broker_publish_copy(mosquitto_client_id(ed->client), CONTROL_TOPIC "/response", (int)strlen(id), id, 1, false, NULL) != MOSQ_ERR_SUCCESS) {
		mosquitto_log_printf(MOSQ_LOG_ERR, "washboard-auth: could not answer a control message");
	}
	free(text);
	return MOSQ_ERR_SUCCESS;
}

int mosquitto_plugin_version(int supported_version_count, const int *supported_versions) {
	for (int i = 0; i < supported_version_count; i += 1) {
		if (supported_versions[i] == 5) return 5;
	}
	return -1;
}

int mosquitto_plugin_init(mosquitto_plugin_id_t *identifier, void **userdata, struct mosquitto_opt *options, int option_count) {
	(void)userdata;
	plugin_id = identifier;
	for (int i = 0; i < option_count; i += 1) {
		if (strcmp(options[i].key, "database") == 0) {
			free(conninfo);
			conninfo = strdup(options[i].value);
		}
	}
	if (conninfo == NULL) {
		mosquitto_log_printf(MOSQ_LOG_ERR, "washboard-auth: plugin_opt_database is required");
		return MOSQ_ERR_INVAL;
	}
	/* Connecting now reports a wrong setting at start; a database that is not up yet is tried again later. */
	connected();
	int rc = mosquitto_callback_register(plugin_id, MOSQ_EVT_BASIC_AUTH, on_basic_auth, NULL, NULL);
	if (rc == MOSQ_ERR_SUCCESS) rc = mosquitto_callback_register(plugin_id, MOSQ_EVT_ACL_CHECK, on_acl_check, NULL, NULL);
	if (rc == MOSQ_ERR_SUCCESS) rc = mosquitto_callback_register(plugin_id, MOSQ_EVT_CONTROL, on_control, CONTROL_TOPIC, NULL);
	return rc;
}

static void release(void *key) { free(key); }

int mosquitto_plugin_cleanup(void *userdata, struct mosquitto_opt *options, int option_count) {
	(void)userdata;
	(void)options;
	(void)option_count;
	mosquitto_callback_unregister(plugin_id, MOSQ_EVT_BASIC_AUTH, on_basic_auth, NULL);
	mosquitto_callback_unregister(plugin_id, MOSQ_EVT_ACL_CHECK, on_acl_check, NULL);
	mosquitto_callback_unregister(plugin_id, MOSQ_EVT_CONTROL, on_control, CONTROL_TOPIC);
	tdestroy(devices, release);
	devices = NULL;
	if (db != NULL) PQfinish(db);
	db = NULL;
	free(conninfo);
	conninfo = NULL;
	return MOSQ_ERR_SUCCESS;
}
