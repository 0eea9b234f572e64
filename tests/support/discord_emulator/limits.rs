//! Discord's limits, checked the way Discord checks them, and its error bodies.

use serde_json::{json, Map, Value};

use super::state::FilePart;

/// Characters in a message's `content`.
pub const CONTENT_MAX: usize = 2000;
/// Embeds in one message.
pub const EMBEDS_MAX: usize = 10;
pub const EMBED_TITLE_MAX: usize = 256;
pub const EMBED_DESCRIPTION_MAX: usize = 4096;
pub const EMBED_FIELDS_MAX: usize = 25;
pub const EMBED_FIELD_NAME_MAX: usize = 256;
pub const EMBED_FIELD_VALUE_MAX: usize = 1024;
pub const EMBED_FOOTER_MAX: usize = 2048;
pub const EMBED_AUTHOR_MAX: usize = 256;
/// Characters summed over every embed of a message.
pub const EMBED_TOTAL_MAX: usize = 6000;
/// Action rows in one message.
pub const ACTION_ROWS_MAX: usize = 5;
/// Buttons in one action row.
pub const ROW_BUTTONS_MAX: usize = 5;
pub const CUSTOM_ID_MAX: usize = 100;
pub const BUTTON_LABEL_MAX: usize = 80;
/// Options of a string select, and choices of an autocomplete answer.
pub const SELECT_OPTIONS_MAX: usize = 25;
pub const CHOICES_MAX: usize = 25;
pub const CHOICE_NAME_MAX: usize = 100;
/// Chat-input commands per application (globally, and again per guild).
pub const CHAT_COMMANDS_MAX: usize = 100;
pub const COMMAND_OPTIONS_MAX: usize = 25;
/// Characters of one command: names, descriptions and choice values of it and everything under
/// it, the longest localization of each field counted
/// (<https://discord.com/developers/docs/interactions/application-commands#registering-a-command>).
pub const COMMAND_CHARS_MAX: usize = 8000;
/// Discord's locales for `*_localizations` keys
/// (<https://discord.com/developers/docs/reference#locales>).
pub const LOCALES: &[&str] = &[
    "id", "da", "de", "en-GB", "en-US", "es-ES", "es-419", "fr", "hr", "it", "lt", "hu", "nl",
    "no", "pl", "pt-BR", "ro", "fi", "sv-SE", "vi", "tr", "cs", "el", "bg", "ru", "uk", "hi", "th",
    "zh-CN", "ja", "zh-TW", "ko",
];
/// Whole request body with files, in bytes.
pub const REQUEST_MAX: usize = 25 * 1024 * 1024;

/// An error response: HTTP status plus Discord's JSON body.
#[derive(Clone, Debug)]
pub struct ApiError {
    pub status: u16,
    pub body: Value,
}

impl ApiError {
    /// `{"code": code, "message": message}` with `status`.
    pub fn new(status: u16, code: u32, message: &str) -> ApiError {
        ApiError {
            status,
            body: json!({ "code": code, "message": message }),
        }
    }

    /// 400 with code 50035 and the nested `errors` object.
    pub fn invalid_form(errors: FormErrors) -> ApiError {
        ApiError {
            status: 400,
            body: json!({ "code": 50035, "message": "Invalid Form Body", "errors": errors.tree }),
        }
    }

    pub fn unauthorized() -> ApiError {
        ApiError::new(401, 0, "401: Unauthorized")
    }
    pub fn not_found() -> ApiError {
        ApiError::new(404, 0, "404: Not Found")
    }
    pub fn unknown_channel() -> ApiError {
        ApiError::new(404, 10003, "Unknown Channel")
    }
    pub fn unknown_guild() -> ApiError {
        ApiError::new(404, 10004, "Unknown Guild")
    }
    pub fn unknown_message() -> ApiError {
        ApiError::new(404, 10008, "Unknown Message")
    }
    pub fn unknown_user() -> ApiError {
        ApiError::new(404, 10013, "Unknown User")
    }
    pub fn unknown_webhook() -> ApiError {
        ApiError::new(404, 10015, "Unknown Webhook")
    }
    pub fn unknown_interaction() -> ApiError {
        ApiError::new(404, 10062, "Unknown interaction")
    }
    pub fn already_acknowledged() -> ApiError {
        ApiError::new(400, 40060, "Interaction has already been acknowledged.")
    }
    pub fn entity_too_large() -> ApiError {
        ApiError::new(413, 40005, "Request entity too large")
    }
    pub fn server_error() -> ApiError {
        ApiError::new(500, 0, "500: Internal Server Error")
    }
    pub fn cannot_message_user() -> ApiError {
        ApiError::new(403, 50007, "Cannot send messages to this user")
    }
    pub fn empty_message() -> ApiError {
        ApiError::new(400, 50006, "Cannot send an empty message")
    }
    pub fn not_author() -> ApiError {
        ApiError::new(403, 50005, "Cannot edit a message authored by another user")
    }
    pub fn invalid_webhook_token() -> ApiError {
        ApiError::new(401, 50027, "Invalid Webhook Token")
    }
    pub fn too_many_commands() -> ApiError {
        ApiError::new(
            400,
            30032,
            "Maximum number of application commands reached (100)",
        )
    }
    pub fn missing_access() -> ApiError {
        ApiError::new(403, 50001, "Missing Access")
    }
    /// 403 50013: the bot lacks a permission it needs for this request
    /// (<https://discord.com/developers/docs/topics/opcodes-and-status-codes#json>).
    pub fn missing_permissions() -> ApiError {
        ApiError::new(403, 50013, "Missing Permissions")
    }
}

/// The nested `errors` object of a 50035 response, keyed by the path of each bad field.
#[derive(Debug, Default)]
pub struct FormErrors {
    tree: Value,
    count: usize,
}

impl FormErrors {
    /// Adds one error at `path` (object keys and array indices as strings).
    pub fn push(&mut self, path: &[String], code: &str, message: String) {
        if !self.tree.is_object() {
            self.tree = Value::Object(Map::new());
        }
        let mut node = &mut self.tree;
        for key in path {
            let Value::Object(map) = node else {
                unreachable!("error tree nodes are objects")
            };
            node = map
                .entry(key.clone())
                .or_insert_with(|| Value::Object(Map::new()));
        }
        let Value::Object(map) = node else {
            unreachable!("error tree nodes are objects")
        };
        let list = map
            .entry("_errors")
            .or_insert_with(|| Value::Array(Vec::new()));
        if let Value::Array(list) = list {
            list.push(json!({ "code": code, "message": message }));
        }
        self.count += 1;
    }

    pub fn is_empty(&self) -> bool {
        self.count == 0
    }

    /// `Ok` when nothing was pushed, else the 50035 error.
    pub fn into_result(self) -> Result<(), ApiError> {
        if self.is_empty() {
            Ok(())
        } else {
            Err(ApiError::invalid_form(self))
        }
    }

    fn too_long(&mut self, path: &[String], max: usize) {
        self.push(
            path,
            "BASE_TYPE_MAX_LENGTH",
            format!("Must be {max} or fewer in length."),
        );
    }

    fn required(&mut self, path: &[String]) {
        self.push(path, "BASE_TYPE_REQUIRED", "This field is required".into());
    }
}

fn at(prefix: &[String], rest: &[&str]) -> Vec<String> {
    prefix
        .iter()
        .cloned()
        .chain(rest.iter().map(|s| s.to_string()))
        .collect()
}

fn chars(v: Option<&Value>) -> usize {
    v.and_then(Value::as_str).map_or(0, |s| s.chars().count())
}

fn array(v: Option<&Value>) -> &[Value] {
    v.and_then(Value::as_array).map_or(&[], Vec::as_slice)
}

/// Checks a string field's length; returns the length for totals.
fn check_len(
    errors: &mut FormErrors,
    obj: &Value,
    prefix: &[String],
    path: &[&str],
    max: usize,
) -> usize {
    let mut v = Some(obj);
    for key in path {
        v = v.and_then(|o| o.get(*key));
    }
    let n = chars(v);
    if n > max {
        errors.too_long(&at(prefix, path), max);
    }
    n
}

/// Every file must fit the per-attachment limit and the request must fit 25 MiB (40005).
pub fn check_files(files: &[FilePart], per_file: usize) -> Result<(), ApiError> {
    let total: usize = files.iter().map(|f| f.bytes.len()).sum();
    if files.iter().any(|f| f.bytes.len() > per_file) || total > REQUEST_MAX {
        return Err(ApiError::entity_too_large());
    }
    Ok(())
}

/// Validates the message fields of `payload` (content, embeds, components) under `prefix`.
pub fn check_message(errors: &mut FormErrors, payload: &Value, prefix: &[String]) {
    check_len(errors, payload, prefix, &["content"], CONTENT_MAX);
    check_embeds(errors, payload, prefix);
    check_components(
        errors,
        array(payload.get("components")),
        &at(prefix, &["components"]),
    );
}

fn check_embeds(errors: &mut FormErrors, payload: &Value, prefix: &[String]) {
    let embeds = array(payload.get("embeds"));
    let path = at(prefix, &["embeds"]);
    if embeds.len() > EMBEDS_MAX {
        errors.too_long(&path, EMBEDS_MAX);
        return;
    }
    let mut total = 0;
    for (i, embed) in embeds.iter().enumerate() {
        let p = at(&path, &[&i.to_string()]);
        total += check_len(errors, embed, &p, &["title"], EMBED_TITLE_MAX);
        total += check_len(errors, embed, &p, &["description"], EMBED_DESCRIPTION_MAX);
        total += check_len(errors, embed, &p, &["footer", "text"], EMBED_FOOTER_MAX);
        total += check_len(errors, embed, &p, &["author", "name"], EMBED_AUTHOR_MAX);
        let fields = array(embed.get("fields"));
        if fields.len() > EMBED_FIELDS_MAX {
            errors.too_long(&at(&p, &["fields"]), EMBED_FIELDS_MAX);
        }
        for (j, field) in fields.iter().enumerate() {
            let fp = at(&p, &["fields", &j.to_string()]);
            for key in ["name", "value"] {
                if field
                    .get(key)
                    .and_then(Value::as_str)
                    .is_none_or(str::is_empty)
                {
                    errors.required(&at(&fp, &[key]));
                }
            }
            total += check_len(errors, field, &fp, &["name"], EMBED_FIELD_NAME_MAX);
            total += check_len(errors, field, &fp, &["value"], EMBED_FIELD_VALUE_MAX);
        }
    }
    if total > EMBED_TOTAL_MAX {
        errors.push(
            &path,
            "MAX_EMBED_SIZE_EXCEEDED",
            format!("Embed size exceeds maximum size of {EMBED_TOTAL_MAX}"),
        );
    }
}

/// Component type numbers of the select menus.
fn is_select(kind: u64) -> bool {
    matches!(kind, 3 | 5 | 6 | 7 | 8)
}

fn check_components(errors: &mut FormErrors, rows: &[Value], path: &[String]) {
    if rows.len() > ACTION_ROWS_MAX {
        errors.too_long(path, ACTION_ROWS_MAX);
        return;
    }
    let mut seen_ids: Vec<&str> = Vec::new();
    for (i, row) in rows.iter().enumerate() {
        let rp = at(path, &[&i.to_string()]);
        if row.get("type").and_then(Value::as_u64) != Some(1) {
            errors.push(
                &at(&rp, &["type"]),
                "UNION_TYPE_CHOICES",
                "Value of field \"type\" must be one of (1,).".into(),
            );
            continue;
        }
        let items = array(row.get("components"));
        let cp = at(&rp, &["components"]);
        let selects = items
            .iter()
            .filter(|c| c.get("type").and_then(Value::as_u64).is_some_and(is_select))
            .count();
        if items.is_empty() {
            errors.push(
                &cp,
                "BASE_TYPE_MIN_LENGTH",
                "Must be 1 or more in length.".into(),
            );
        } else if selects > 0 && items.len() > 1 {
            errors.push(
                &cp,
                "COMPONENT_LAYOUT_WIDTH_EXCEEDED",
                "The specified component exceeds the maximum width".into(),
            );
        } else if items.len() > ROW_BUTTONS_MAX {
            errors.too_long(&cp, ROW_BUTTONS_MAX);
        }
        for (j, item) in items.iter().enumerate() {
            let ip = at(&cp, &[&j.to_string()]);
            let kind = item.get("type").and_then(Value::as_u64).unwrap_or(0);
            let is_link = kind == 2 && item.get("style").and_then(Value::as_u64) == Some(5);
            match item.get("custom_id").and_then(Value::as_str) {
                Some(id) => {
                    if id.is_empty() {
                        errors.push(
                            &at(&ip, &["custom_id"]),
                            "BASE_TYPE_MIN_LENGTH",
                            "Must be 1 or more in length.".into(),
                        );
                    } else if id.chars().count() > CUSTOM_ID_MAX {
                        errors.too_long(&at(&ip, &["custom_id"]), CUSTOM_ID_MAX);
                    } else if seen_ids.contains(&id) {
                        errors.push(
                            &at(&ip, &["custom_id"]),
                            "COMPONENT_CUSTOM_ID_DUPLICATED",
                            "Component custom id cannot be duplicated".into(),
                        );
                    } else {
                        seen_ids.push(id);
                    }
                }
                None if !is_link => errors.required(&at(&ip, &["custom_id"])),
                None => {}
            }
            if kind == 2 {
                check_len(errors, item, &ip, &["label"], BUTTON_LABEL_MAX);
            }
            if kind == 3 {
                let options = array(item.get("options"));
                if options.len() > SELECT_OPTIONS_MAX {
                    errors.too_long(&at(&ip, &["options"]), SELECT_OPTIONS_MAX);
                } else if options.is_empty() {
                    errors.push(
                        &at(&ip, &["options"]),
                        "BASE_TYPE_MIN_LENGTH",
                        "Must be 1 or more in length.".into(),
                    );
                }
            }
            for key in ["min_values", "max_values"] {
                if item
                    .get(key)
                    .and_then(Value::as_u64)
                    .is_some_and(|n| n > 25)
                {
                    errors.push(
                        &at(&ip, &[key]),
                        "NUMBER_TYPE_MAX",
                        "int value should be less than or equal to 25.".into(),
                    );
                }
            }
        }
    }
}

/// Validates the `choices` of an autocomplete answer (`data.choices`).
pub fn check_choices(errors: &mut FormErrors, choices: &[Value], path: &[String]) {
    if choices.len() > CHOICES_MAX {
        errors.too_long(path, CHOICES_MAX);
        return;
    }
    for (i, c) in choices.iter().enumerate() {
        let p = at(path, &[&i.to_string()]);
        let n = chars(c.get("name"));
        if n == 0 {
            errors.required(&at(&p, &["name"]));
        } else if n > CHOICE_NAME_MAX {
            errors.too_long(&at(&p, &["name"]), CHOICE_NAME_MAX);
        }
        if c.get("value").is_none() {
            errors.required(&at(&p, &["value"]));
        }
    }
}

/// Whether `name` is a valid chat-input command or option name (1-32 lower-case letters,
/// digits, `-` or `_`).
fn valid_name(name: &str) -> bool {
    let n = name.chars().count();
    (1..=32).contains(&n)
        && name
            .chars()
            .all(|c| c == '-' || c == '_' || (c.is_alphanumeric() && !c.is_uppercase()))
}

/// The longest text of a localizable field: the default or any localization.
fn longest(v: &Value, field: &str) -> usize {
    let own = chars(v.get(field));
    v.get(format!("{field}_localizations"))
        .and_then(Value::as_object)
        .map_or(own, |m| {
            m.values()
                .map(|x| x.as_str().map_or(0, |t| t.chars().count()))
                .fold(own, usize::max)
        })
}

/// The characters a command (or option) counts toward [`COMMAND_CHARS_MAX`].
pub fn command_chars(v: &Value) -> usize {
    let mut n = longest(v, "name") + longest(v, "description");
    for c in array(v.get("choices")) {
        n += longest(c, "name");
        n += match c.get("value") {
            Some(Value::String(t)) => t.chars().count(),
            Some(other) => other.to_string().chars().count(),
            None => 0,
        };
    }
    n + array(v.get("options"))
        .iter()
        .map(command_chars)
        .sum::<usize>()
}

/// `*_localizations` of a field: known locale keys, each value valid like the field itself.
fn check_localizations(
    errors: &mut FormErrors,
    v: &Value,
    field: &str,
    path: &[String],
    valid: impl Fn(&str) -> bool,
) {
    let key = format!("{field}_localizations");
    let Some(m) = v.get(&key).and_then(Value::as_object) else {
        return;
    };
    for (locale, text) in m {
        let p = at(path, &[&key, locale]);
        if !LOCALES.contains(&locale.as_str()) {
            errors.push(
                &p,
                "BASE_TYPE_CHOICES",
                format!("{locale:?} is not a valid locale."),
            );
        } else if !valid(text.as_str().unwrap_or("")) {
            errors.push(
                &p,
                "BASE_TYPE_BAD_LENGTH",
                format!("Invalid localized {field}."),
            );
        }
    }
}

fn description_ok(d: &str) -> bool {
    (1..=100).contains(&d.chars().count())
}

/// Choices of a command option: 1-100 characters of name (and localized names), string values
/// of at most 100 characters.
fn check_option_choices(errors: &mut FormErrors, choices: &[Value], path: &[String]) {
    for (i, c) in choices.iter().enumerate() {
        let p = at(path, &[&i.to_string()]);
        if !description_ok(c.get("name").and_then(Value::as_str).unwrap_or("")) {
            errors.push(
                &at(&p, &["name"]),
                "BASE_TYPE_BAD_LENGTH",
                "Must be between 1 and 100 in length.".into(),
            );
        }
        check_localizations(errors, c, "name", &p, description_ok);
        if let Some(Value::String(t)) = c.get("value") {
            if t.chars().count() > 100 {
                errors.too_long(&at(&p, &["value"]), 100);
            }
        }
    }
}

fn check_command_options(errors: &mut FormErrors, options: &[Value], path: &[String]) {
    if options.len() > COMMAND_OPTIONS_MAX {
        errors.too_long(path, COMMAND_OPTIONS_MAX);
        return;
    }
    let mut seen: Vec<&str> = Vec::new();
    let mut optional_seen = false;
    for (i, o) in options.iter().enumerate() {
        let p = at(path, &[&i.to_string()]);
        let name = o.get("name").and_then(Value::as_str).unwrap_or("");
        // Sibling names are unique.
        if seen.contains(&name) {
            errors.push(
                &at(&p, &["name"]),
                "APPLICATION_COMMAND_OPTION_NAME_ALREADY_EXISTS",
                format!("Option names must be unique: {name}"),
            );
        }
        seen.push(name);
        // Required options come before optional ones (subcommands and groups excepted).
        let kind = o.get("type").and_then(Value::as_u64).unwrap_or(0);
        if kind > 2 {
            let required = o.get("required").and_then(Value::as_bool).unwrap_or(false);
            if required && optional_seen {
                errors.push(
                    &at(&p, &["required"]),
                    "APPLICATION_COMMAND_OPTIONS_REQUIRED_INVALID",
                    "Required options must be placed before non-required options".into(),
                );
            }
            optional_seen |= !required;
        }
        check_localizations(errors, o, "description", &p, description_ok);
        check_option_choices(errors, array(o.get("choices")), &at(&p, &["choices"]));
        if !valid_name(name) {
            errors.push(
                &at(&p, &["name"]),
                "APPLICATION_COMMAND_INVALID_NAME",
                format!("Command name is invalid: {name:?}"),
            );
        }
        // Localized names follow the same rule and differ from every sibling's names.
        if let Some(locs) = o.get("name_localizations").and_then(Value::as_object) {
            for (locale, v) in locs {
                let local = v.as_str().unwrap_or("");
                let clash = options.iter().enumerate().any(|(j, other)| {
                    j != i
                        && (other.get("name").and_then(Value::as_str) == Some(local)
                            || other
                                .get("name_localizations")
                                .and_then(|m| m.get(locale))
                                .and_then(Value::as_str)
                                == Some(local))
                });
                if !valid_name(local) || clash {
                    errors.push(
                        &at(&p, &["name_localizations", locale]),
                        "APPLICATION_COMMAND_INVALID_NAME",
                        format!("Command name is invalid: {local:?}"),
                    );
                }
            }
        }
        let d = chars(o.get("description"));
        if !(1..=100).contains(&d) {
            errors.push(
                &at(&p, &["description"]),
                "BASE_TYPE_BAD_LENGTH",
                "Must be between 1 and 100 in length.".into(),
            );
        }
        let choices = array(o.get("choices"));
        if choices.len() > CHOICES_MAX {
            errors.too_long(&at(&p, &["choices"]), CHOICES_MAX);
        }
        check_command_options(errors, array(o.get("options")), &at(&p, &["options"]));
    }
}

/// Validates a bulk overwrite of application commands with Discord's limits.
pub fn check_commands(commands: &[Value]) -> Result<(), ApiError> {
    check_commands_with(commands, COMMAND_CHARS_MAX)
}

/// [`check_commands`] with another per-command character budget (tests lower it).
pub fn check_commands_with(commands: &[Value], max_chars: usize) -> Result<(), ApiError> {
    let chat = commands
        .iter()
        .filter(|c| c.get("type").and_then(Value::as_u64).unwrap_or(1) == 1)
        .count();
    if chat > CHAT_COMMANDS_MAX {
        return Err(ApiError::too_many_commands());
    }
    let mut errors = FormErrors::default();
    let mut names: Vec<(u64, &str)> = Vec::new();
    for (i, c) in commands.iter().enumerate() {
        let p = vec![i.to_string()];
        let kind = c.get("type").and_then(Value::as_u64).unwrap_or(1);
        let name = c.get("name").and_then(Value::as_str).unwrap_or("");
        if kind == 1 && !valid_name(name) {
            errors.push(
                &at(&p, &["name"]),
                "APPLICATION_COMMAND_INVALID_NAME",
                format!("Command name is invalid: {name:?}"),
            );
        }
        if names.contains(&(kind, name)) {
            errors.push(
                &at(&p, &["name"]),
                "APPLICATION_COMMANDS_DUPLICATE_NAME",
                format!("Application command names must be unique: {name}"),
            );
        }
        names.push((kind, name));
        if kind == 1 {
            let d = chars(c.get("description"));
            if !(1..=100).contains(&d) {
                errors.push(
                    &at(&p, &["description"]),
                    "BASE_TYPE_BAD_LENGTH",
                    "Must be between 1 and 100 in length.".into(),
                );
            }
            check_localizations(&mut errors, c, "name", &p, valid_name);
            check_localizations(&mut errors, c, "description", &p, description_ok);
            let size = command_chars(c);
            if size > max_chars {
                errors.push(
                    &p,
                    "APPLICATION_COMMAND_TOO_LARGE",
                    format!("Command exceeds maximum size ({max_chars}): {size}"),
                );
            }
        }
        check_command_options(&mut errors, array(c.get("options")), &at(&p, &["options"]));
    }
    errors.into_result()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn form_errors_nest_by_path() {
        let mut e = FormErrors::default();
        e.push(
            &["embeds".into(), "0".into(), "title".into()],
            "X",
            "m".into(),
        );
        let body = ApiError::invalid_form(e).body;
        assert_eq!(body["code"], 50035);
        assert_eq!(
            body["errors"]["embeds"]["0"]["title"]["_errors"][0]["code"],
            "X"
        );
    }

    #[test]
    fn command_names() {
        assert!(valid_name("vq"));
        assert!(valid_name("show-map_2"));
        assert!(!valid_name("Vq"));
        assert!(!valid_name(""));
        assert!(!valid_name("with space"));
        assert!(valid_name("вступить"));
        assert!(!valid_name("Вступить"));
    }

    /// x_registration: the limits Discord documents for a command, each one refused.
    #[test]
    fn command_size_localizations_choices_duplicates_and_order_are_checked() {
        use serde_json::json;
        let with = |options: Value| {
            vec![json!({"type": 1, "name": "vq", "description": "d", "options": options})]
        };
        let code =
            |r: Result<(), ApiError>| r.err().map(|e| e.body.to_string()).unwrap_or_default();
        let ok = with(json!([
            {"type": 3, "name": "a", "description": "d", "required": true},
            {"type": 3, "name": "b", "description": "d",
             "choices": [{"name": "x", "value": "x", "name_localizations": {"ru": "икс"}}]}
        ]));
        assert!(check_commands(&ok).is_ok());
        // Required after optional.
        let bad = with(json!([
            {"type": 3, "name": "a", "description": "d"},
            {"type": 3, "name": "b", "description": "d", "required": true}
        ]));
        assert!(code(check_commands(&bad)).contains("REQUIRED_INVALID"));
        // Two options of one name.
        let bad = with(json!([
            {"type": 3, "name": "a", "description": "d"},
            {"type": 3, "name": "a", "description": "e"}
        ]));
        assert!(code(check_commands(&bad)).contains("ALREADY_EXISTS"));
        // A choice name over 100 characters, a string value over 100.
        let long = "x".repeat(101);
        let bad = with(json!([{"type": 3, "name": "a", "description": "d",
            "choices": [{"name": long, "value": "v"}]}]));
        assert!(code(check_commands(&bad)).contains("choices"));
        let bad = with(json!([{"type": 3, "name": "a", "description": "d",
            "choices": [{"name": "n", "value": long}]}]));
        assert!(code(check_commands(&bad)).contains("value"));
        // Localized command names and descriptions; unknown locales.
        let cmd = |extra: Value| {
            let mut c = json!({"type": 1, "name": "vq", "description": "d"});
            for (k, v) in extra.as_object().cloned().unwrap_or_default() {
                c[k] = v;
            }
            vec![c]
        };
        assert!(check_commands(&cmd(json!({"name_localizations": {"ru": "вк"}}))).is_ok());
        assert!(check_commands(&cmd(json!({"name_localizations": {"ru": "В К"}}))).is_err());
        assert!(check_commands(&cmd(json!({"name_localizations": {"xx": "vq"}}))).is_err());
        assert!(check_commands(&cmd(
            json!({"description_localizations": {"ru": "д".repeat(101)}})
        ))
        .is_err());
        // 8,000 characters per command, the longest localization counted.
        let many: Vec<Value> = (0..25)
            .map(|i| {
                json!({"type": 3, "name": format!("o{i}"), "description": "d",
                    "description_localizations": {"ru": "д".repeat(100)},
                    "choices": (0..25).map(|j| json!({"name": format!("c{j}"), "value": "v".repeat(3)})).collect::<Vec<_>>()})
            })
            .collect();
        let size = command_chars(&with(Value::Array(many.clone()))[0]);
        assert!(size > 2500 + 25 * 25 * 5, "{size}");
        assert!(check_commands_with(&with(Value::Array(many.clone())), size).is_ok());
        assert!(
            code(check_commands_with(&with(Value::Array(many)), size - 1)).contains("TOO_LARGE")
        );
    }

    #[test]
    fn localized_option_names_are_checked() {
        let opt = |name: &str, ru: &str| {
            serde_json::json!({"type": 3, "name": name, "description": "d",
                "name_localizations": {"ru": ru}})
        };
        let cmd = |a: Value, b: Value| {
            vec![
                serde_json::json!({"type": 1, "name": "vq", "description": "d",
                "options": [a, b]}),
            ]
        };
        assert!(check_commands(&cmd(opt("from", "откуда"), opt("to", "куда"))).is_ok());
        assert!(check_commands(&cmd(opt("from", "куда"), opt("to", "куда"))).is_err());
        assert!(check_commands(&cmd(opt("from", "to"), opt("to", "куда"))).is_err());
        assert!(check_commands(&cmd(opt("from", "Откуда"), opt("to", "куда"))).is_err());
    }
}
