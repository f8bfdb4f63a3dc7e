//! The account forms' rules (/register, /set-password, /login): the same on
//! the server and in the app (through the WebAssembly core), with the spec's
//! messages, each naming the field it is about.

use crate::field_error::FieldError;
use crate::records::is_blank;

/// Shortest password (spec part 1 section 9).
pub const MIN_PASSWORD: usize = 8;
/// Longest password, in bytes (hashing a longer one is work for nothing).
pub const MAX_PASSWORD_BYTES: usize = 1024;
/// Longest first or last name.
pub const NAME_MAX: usize = 100;
/// Longest email address (RFC 5321's path limit).
pub const EMAIL_MAX: usize = 254;

/// An email address as stored: trimmed and lower-cased, or why it is not one
/// (`something@domain.tld`, no spaces).
pub fn normalise_email(raw: &str) -> Result<String, FieldError> {
    let email = raw.trim().to_lowercase();
    let ok = email.len() <= EMAIL_MAX
        && !email.chars().any(char::is_whitespace)
        && email.split_once('@').is_some_and(|(local, domain)| {
            !local.is_empty()
                && !domain.contains('@')
                && domain.contains('.')
                && !domain.starts_with('.')
                && !domain.ends_with('.')
                && !domain.contains("..")
        });
    if ok {
        Ok(email)
    } else {
        Err(FieldError::new("email", "Invalid email address"))
    }
}

/// The registration and set-password form as typed.
#[derive(Debug, Clone, Copy)]
pub struct AccountForm<'a> {
    pub email: &'a str,
    pub password: &'a str,
    pub confirm_password: &'a str,
    pub first_name: &'a str,
    pub last_name: Option<&'a str>,
}

/// What an account form gives once it is valid.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Credentials {
    pub email: String,
    pub password: String,
    pub first_name: String,
    pub last_name: Option<String>,
}

/// Every problem of an account form, in the form's order (empty when valid).
pub fn account_form_problems(f: &AccountForm<'_>) -> Vec<FieldError> {
    let mut out = Vec::new();
    if let Err(e) = normalise_email(f.email) {
        out.push(e);
    }
    if f.password.chars().count() < MIN_PASSWORD {
        out.push(FieldError::new(
            "password",
            format!("Password must be at least {MIN_PASSWORD} characters"),
        ));
    } else if f.password.len() > MAX_PASSWORD_BYTES {
        out.push(FieldError::new(
            "password",
            format!("Password must be at most {MAX_PASSWORD_BYTES} characters"),
        ));
    }
    if f.confirm_password != f.password {
        out.push(FieldError::new("confirmPassword", "Passwords don't match"));
    }
    if is_blank(f.first_name) {
        out.push(FieldError::new("firstName", "First name is required"));
    } else if f.first_name.trim().chars().count() > NAME_MAX {
        out.push(FieldError::new(
            "firstName",
            format!("First name must be at most {NAME_MAX} characters"),
        ));
    }
    if f.last_name
        .is_some_and(|l| l.trim().chars().count() > NAME_MAX)
    {
        out.push(FieldError::new(
            "lastName",
            format!("Last name must be at most {NAME_MAX} characters"),
        ));
    }
    out
}

/// The form's credentials, or its first problem.
pub fn check_account_form(f: &AccountForm<'_>) -> Result<Credentials, FieldError> {
    if let Some(first) = account_form_problems(f).into_iter().next() {
        return Err(first);
    }
    Ok(Credentials {
        email: normalise_email(f.email)?,
        password: f.password.to_string(),
        first_name: f.first_name.trim().to_string(),
        last_name: f
            .last_name
            .map(str::trim)
            .filter(|l| !is_blank(l))
            .map(str::to_owned),
    })
}

/// Every problem of a login form (empty when it may be sent).
pub fn login_problems(email: &str, password: &str) -> Vec<FieldError> {
    let mut out = Vec::new();
    if let Err(e) = normalise_email(email) {
        out.push(e);
    }
    if password.is_empty() {
        out.push(FieldError::new("password", "Password is required"));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn form<'a>(
        email: &'a str,
        password: &'a str,
        confirm: &'a str,
        first: &'a str,
    ) -> AccountForm<'a> {
        AccountForm {
            email,
            password,
            confirm_password: confirm,
            first_name: first,
            last_name: None,
        }
    }

    #[test]
    fn emails_are_checked_and_normalised() {
        assert_eq!(
            normalise_email("  Ruth@Example.ORG ").ok(),
            Some("ruth@example.org".into())
        );
        for bad in [
            "",
            "ruth",
            "ruth@",
            "@example.org",
            "ruth@example",
            "ru th@example.org",
            "a@b@c.org",
            "ruth@.org",
            "ruth@example..org",
        ] {
            assert!(normalise_email(bad).is_err(), "{bad}");
        }
        assert!(normalise_email(&format!("{}@e.org", "a".repeat(250))).is_err());
    }

    #[test]
    fn forms_answer_the_spec_messages_naming_their_fields() {
        let problems = |f: AccountForm<'_>| -> Vec<(String, String)> {
            account_form_problems(&f)
                .into_iter()
                .map(|e| (e.field, e.message))
                .collect()
        };
        assert_eq!(
            problems(form("x", "1234567", "1234568", " \u{200B} ")),
            [
                ("email".into(), "Invalid email address".into()),
                (
                    "password".into(),
                    "Password must be at least 8 characters".into()
                ),
                ("confirmPassword".into(), "Passwords don't match".into()),
                ("firstName".into(), "First name is required".into()),
            ]
        );
        let long = "p".repeat(MAX_PASSWORD_BYTES + 1);
        assert_eq!(
            problems(form("r@e.org", &long, &long, "Ruth"))[0].0,
            "password"
        );
        assert_eq!(
            problems(form("r@e.org", "12345678", "12345678", &"n".repeat(101)))[0].0,
            "firstName"
        );
        let ok = check_account_form(&AccountForm {
            last_name: Some(" "),
            ..form("R@E.org", "12345678", "12345678", " Ruth ")
        })
        .expect("valid");
        assert_eq!(
            (ok.email.as_str(), ok.first_name.as_str(), ok.last_name),
            ("r@e.org", "Ruth", None)
        );
        assert_eq!(login_problems("r@e.org", "").len(), 1);
    }
}
