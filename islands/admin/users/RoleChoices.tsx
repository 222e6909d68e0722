/** The roles an invitation gives, as a group of checkboxes inside the invite and edit-invitation dialogs. */
import type { Role } from '../../../src/shared/api/roles.ts';
import { toggleRole } from './users-state.ts';

export function RoleChoices({ roles, chosen, onChange }: { roles: readonly Role[]; chosen: readonly string[]; onChange: (ids: string[]) => void }) {
  return (
    <fieldset className="role-choices">
      <legend>Roles</legend>
      {roles.length === 0 ? (
        <p className="hint">This organization has no roles yet.</p>
      ) : (
        <ul>
          {roles.map((role) => (
            <li key={role.id}>
              <label>
                <input type="checkbox" checked={chosen.includes(role.id)} onChange={() => onChange(toggleRole(chosen, role.id))} />
                {role.name}
              </label>
            </li>
          ))}
        </ul>
      )}
    </fieldset>
  );
}
