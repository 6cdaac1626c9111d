/**
 * 002 §6 custom-entity access, as SQL. A custom entity is visible to a member of its organization
 * when it is shared with the whole organization (environment) or the member was invited; a
 * restricted custom entity is absent for everyone else, in search as on its page (404, never 403,
 * so its existence does not leak).
 *
 * `alias` is the custom_entities row, `userParam` the placeholder holding the caller's user id.
 */
export function customEntityVisibleSql(alias: string, userParam: string): string {
  return `(${alias}.general_access = 'environment' OR EXISTS (
    SELECT 1 FROM custom_entity_collaborators vc
    WHERE vc.custom_entity_id = ${alias}.id AND vc.user_id = ${userParam}))`;
}

/**
 * The caller's role on the custom entity ('editor' or 'viewer'), or NULL when it is not visible:
 * the higher of the invitation's role and the organization-wide one.
 */
export function customEntityPermissionSql(alias: string, userParam: string): string {
  return `(SELECT CASE WHEN 'editor' IN (pc.role, pe.role) THEN 'editor'
                       WHEN 'viewer' IN (pc.role, pe.role) THEN 'viewer' END
           FROM (SELECT max(c.role) AS role FROM custom_entity_collaborators c
                 WHERE c.custom_entity_id = ${alias}.id AND c.user_id = ${userParam}) pc,
                (SELECT CASE WHEN ${alias}.general_access = 'environment'
                             THEN ${alias}.general_access_role END AS role) pe)`;
}
