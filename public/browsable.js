/*
 * The browsable API's forms, built from the endpoint's OPTIONS metadata (NetBox's/DRF's shape):
 * on a list, a form that POSTs a new object; on an object, forms that PUT or PATCH it and a DELETE
 * button; each also as raw JSON. Requests go as JSON with the session's CSRF token, and the
 * answer is shown: the new object's page after a create, the list after a delete, field errors
 * next to their fields. The filter form drops empty fields (an empty filter is not "any").
 */
(function () {
  'use strict';

  var filterForm = document.getElementById('filter-form');
  if (filterForm) {
    filterForm.addEventListener('submit', function (event) {
      event.preventDefault();
      var params = new URLSearchParams();
      new FormData(filterForm).forEach(function (value, key) {
        if (String(value).trim() !== '') params.append(key, String(value).trim());
      });
      var query = params.toString();
      location.href = location.pathname + (query ? '?' + query : '');
    });
  }

  var root = document.getElementById('forms');
  if (!root) return;
  var kind = root.dataset.kind;
  var allow = (root.dataset.allow || '').split(',').map(function (m) {
    return m.trim();
  });
  var current = null;
  try {
    current = JSON.parse(document.getElementById('response').textContent);
  } catch (e) {
    current = null;
  }

  function el(tag, attrs, children) {
    var node = document.createElement(tag);
    Object.keys(attrs || {}).forEach(function (k) {
      if (k === 'text') node.textContent = attrs[k];
      else node.setAttribute(k, attrs[k]);
    });
    (children || []).forEach(function (child) {
      if (child) node.appendChild(child);
    });
    return node;
  }

  function csrf() {
    var m = document.cookie.match(/(?:^|; )csrftoken=([^;]*)/);
    return m ? decodeURIComponent(m[1]) : '';
  }

  var result = el('pre', { id: 'form-result', hidden: '' });

  function clearErrors() {
    root.querySelectorAll('.field-error').forEach(function (n) {
      n.remove();
    });
    result.hidden = true;
  }

  function showErrors(form, status, body) {
    result.hidden = false;
    result.className = 'error';
    result.textContent = 'HTTP ' + status + '\n' + JSON.stringify(body, null, 2);
    if (body && typeof body === 'object' && !Array.isArray(body)) {
      Object.keys(body).forEach(function (name) {
        var input = form && form.querySelector('[name="' + CSS.escape(name) + '"]');
        if (!input) return;
        var messages = Array.isArray(body[name]) ? body[name].join(' ') : JSON.stringify(body[name]);
        input.closest('label').appendChild(el('span', { class: 'field-error', text: messages }));
      });
    }
  }

  function listUrl() {
    return location.pathname.replace(/[^/]+\/$/, '');
  }

  function send(method, body, form) {
    clearErrors();
    var headers = { Accept: 'application/json', 'X-CSRFToken': csrf() };
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    return fetch(location.pathname, {
      method: method,
      headers: headers,
      credentials: 'same-origin',
      body: body === undefined ? undefined : JSON.stringify(body),
    }).then(function (res) {
      return (
        res.status === 204
          ? Promise.resolve(null)
          : res.json().catch(function () {
              return null;
            })
      ).then(function (data) {
        if (!res.ok) return showErrors(form, res.status, data);
        if (method === 'DELETE') location.href = listUrl();
        else if (method === 'POST' && data && data.url) location.href = new URL(data.url).pathname;
        else location.reload();
      });
    });
  }

  /** What a field of the current object shows in an input: an id for a related object, a choice's value. */
  function initial(value, meta) {
    if (value === null || value === undefined) return '';
    if (Array.isArray(value)) {
      if (
        value.every(function (v) {
          return v && typeof v === 'object' && 'id' in v;
        })
      )
        return value
          .map(function (v) {
            return v.id;
          })
          .join(', ');
      return JSON.stringify(value);
    }
    if (typeof value === 'object') {
      if ('value' in value && meta.choices) return String(value.value);
      if ('id' in value) return String(value.id);
      return JSON.stringify(value, null, 2);
    }
    return String(value);
  }

  /**
   * A list's input takes ids or values separated by commas (or JSON): DRF's metadata says so by a `child`
   * for lists of objects; a list of ids (many-to-many) is only known from the object's current value.
   */
  function isList(value, meta) {
    return meta.type === 'list' || Boolean(meta.child) || Array.isArray(value);
  }

  function isJson(value, meta) {
    return (
      !isList(value, meta) && value !== null && typeof value === 'object' && !('id' in value) && !('value' in value)
    );
  }

  /** A related object (DRF's `nested object`) or a plain field may be given by its id. */
  function takesId(type) {
    return type === 'integer' || type === 'field' || type === 'nested object';
  }

  function control(name, meta, value) {
    var attrs = { name: name };
    if (meta.required && kind === 'list') attrs.required = '';
    var input;
    if (meta.choices) {
      input = el(
        'select',
        attrs,
        [el('option', { value: '', text: '—' })].concat(
          meta.choices.map(function (c) {
            return el('option', { value: String(c.value), text: c.display_name });
          }),
        ),
      );
    } else if (meta.type === 'boolean') {
      input = el('select', attrs, [
        el('option', { value: '', text: '—' }),
        el('option', { value: 'true', text: 'Yes' }),
        el('option', { value: 'false', text: 'No' }),
      ]);
    } else if (isJson(value, meta) || name === 'custom_fields' || /context_data$|^data$|^parameters$/.test(name)) {
      attrs['data-json'] = 'yes';
      input = el('textarea', Object.assign(attrs, { rows: '3' }));
    } else if (name === 'comments') {
      input = el('textarea', Object.assign(attrs, { rows: '3' }));
    } else {
      if (takesId(meta.type)) attrs.inputmode = 'numeric';
      if (meta.type === 'date') attrs.type = 'date';
      if (meta.max_length) attrs.maxlength = String(meta.max_length);
      input = el('input', attrs);
    }
    input.dataset.type = isList(value, meta) ? 'list' : meta.type;
    input.value = initial(value, meta);
    input.dataset.initial = input.value;
    var label = el('label', {}, [el('span', { text: (meta.label || name) + (meta.required ? ' *' : '') })]);
    label.appendChild(input);
    if (meta.help_text) label.appendChild(el('small', { class: 'meta', text: meta.help_text }));
    return label;
  }

  /** The form's values as the API's JSON: numbers for ids and integers, lists of ids, parsed JSON. */
  function read(form, onlyChanged) {
    var body = {};
    form.querySelectorAll('[name]').forEach(function (input) {
      var raw = input.value.trim();
      if (onlyChanged && input.value === input.dataset.initial) return;
      if (raw === '') {
        // a cleared field: an empty list, an empty text, or null (a create leaves it out)
        var t = input.dataset.type;
        if (onlyChanged || kind === 'detail')
          body[input.name] = t === 'list' ? [] : (t === 'string' || t === 'slug') && !input.dataset.json ? '' : null;
        return;
      }
      var type = input.dataset.type;
      if (input.dataset.json) body[input.name] = JSON.parse(raw);
      else if (type === 'boolean') body[input.name] = raw === 'true';
      else if (type === 'integer' || (takesId(type) && /^\d+$/.test(raw))) body[input.name] = Number(raw);
      else if (type === 'decimal') body[input.name] = raw;
      else if (type === 'list') {
        body[input.name] =
          raw.charAt(0) === '['
            ? JSON.parse(raw)
            : raw
                .split(',')
                .map(function (v) {
                  v = v.trim();
                  return /^\d+$/.test(v) ? Number(v) : v;
                })
                .filter(function (v) {
                  return v !== '';
                });
      } else body[input.name] = raw;
    });
    return body;
  }

  function section(heading, children) {
    return el('section', {}, [el('h2', { text: heading })].concat(children));
  }

  function htmlForm(fields, methods) {
    var form = el('form', { id: 'object-form', class: 'grid', novalidate: '' });
    Object.keys(fields).forEach(function (name) {
      var meta = fields[name];
      if (meta.read_only || /\(older name\)$/.test(meta.label || '')) return;
      form.appendChild(control(name, meta, current && kind === 'detail' ? current[name] : undefined));
    });
    var buttons = el('p', {});
    methods.forEach(function (method) {
      var button = el('button', { type: 'button', 'data-method': method, text: method });
      button.addEventListener('click', function () {
        try {
          send(method, read(form, method === 'PATCH'), form);
        } catch (e) {
          showErrors(form, 'not sent', { detail: String(e.message || e) });
        }
      });
      buttons.appendChild(button);
      buttons.appendChild(document.createTextNode(' '));
    });
    form.appendChild(buttons);
    return form;
  }

  function rawForm(fields, methods) {
    var writable = {};
    Object.keys(fields).forEach(function (name) {
      if (fields[name].read_only || /\(older name\)$/.test(fields[name].label || '')) return;
      if (kind === 'detail' && current) {
        var v = current[name];
        writable[name] =
          v && typeof v === 'object' && !Array.isArray(v) && 'id' in v
            ? v.id
            : v && typeof v === 'object' && !Array.isArray(v) && 'value' in v
              ? v.value
              : Array.isArray(v)
                ? v.map(function (x) {
                    return x && typeof x === 'object' && 'id' in x ? x.id : x;
                  })
                : v;
      } else if (fields[name].required) writable[name] = '';
    });
    var text = el('textarea', { id: 'raw-data', name: '_raw', rows: '12', 'aria-label': 'Raw data (JSON)' });
    text.value = JSON.stringify(writable, null, 2);
    var buttons = el('p', {});
    methods.forEach(function (method) {
      var button = el('button', { type: 'button', 'data-method': method, text: method + ' raw data' });
      button.addEventListener('click', function () {
        var body;
        try {
          body = JSON.parse(text.value);
        } catch (e) {
          return showErrors(null, 'not sent', { detail: 'The raw data is not JSON: ' + e.message });
        }
        send(method, body, null);
      });
      buttons.appendChild(button);
      buttons.appendChild(document.createTextNode(' '));
    });
    return el('div', {}, [text, buttons]);
  }

  fetch(location.pathname, { method: 'OPTIONS', headers: { Accept: 'application/json' }, credentials: 'same-origin' })
    .then(function (res) {
      return res.ok ? res.json() : null;
    })
    .then(function (meta) {
      var actions = (meta && meta.actions) || {};
      var methods =
        kind === 'list'
          ? ['POST']
          : ['PUT', 'PATCH'].filter(function (m) {
              return allow.indexOf(m) >= 0;
            });
      var fields = kind === 'list' ? actions.POST : actions.PUT;
      var what = root.dataset.model || 'object';
      if (fields && methods.length && (kind === 'detail' || allow.indexOf('POST') >= 0)) {
        root.appendChild(
          section(kind === 'list' ? 'Create a ' + what : 'Change this ' + what, [htmlForm(fields, methods)]),
        );
        root.appendChild(section('Raw data', [rawForm(fields, methods)]));
      }
      if (kind === 'detail' && allow.indexOf('DELETE') >= 0 && actions.PUT) {
        var del = el('button', { type: 'button', class: 'danger', id: 'delete', text: 'DELETE' });
        del.addEventListener('click', function () {
          if (confirm('Delete this ' + what + '?')) send('DELETE', undefined, null);
        });
        root.appendChild(section('Delete', [del]));
      }
      root.appendChild(result);
      root.dataset.ready = 'yes';
    });
})();
